import type { ReactNode } from 'react';
import { adder } from './adder';
import { fieldAdder } from './field-adder';
import { type FormCtx, isObj, type Path } from './form-context';
import { row } from './row';
import { blank, entriesOf, isMap, type Json, pointerOf, renameAt, type Schema } from './schema-form';

/**
 * an object's fields; a map's entries can be added, removed and renamed (a taken name is refused); an
 * object of fixed fields can gain and lose its optional ones
 */
export function group(ctx: FormCtx, s: Schema, v: Record<string, Json>, path: Path): ReactNode {
  const map = isMap(s);
  const entries = entriesOf(ctx.root, s, v).filter((e) => !e.key.startsWith('$'));
  const props = isObj(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const optional = (key: string) => key in props && !required.has(key) && !key.startsWith('$');
  const absent = map ? [] : Object.keys(props).filter((k) => optional(k) && !(k in v));
  // an item of a list (a route, a tab) may drop an optional field; a document's own settings keep theirs
  const item = typeof path.at(-1) === 'number';
  return (
    <div className="gf-sform__fields">
      {entries.map((e) =>
        row(ctx, e.key, e.schema, v[e.key] ?? blank(ctx.root, e.schema), [...path, e.key], {
          remove:
            (map && e.removable) || (!map && item && optional(e.key))
              ? () => ctx.write([...path, e.key], undefined)
              : undefined,
          rename:
            map && e.removable
              ? (to) => {
                  if (to in v || to.startsWith('$')) return 'opsConfig.form.renameTaken';
                  // one edit: the entry leaves its old name and arrives under the new one
                  ctx.write(path, renameAt(v, [], e.key, to));
                  return null;
                }
              : undefined,
        }),
      )}
      {map
        ? adder(
            ctx,
            pointerOf(path),
            (key) => {
              if (!(key in v)) ctx.write([...path, key], blank(ctx.root, s.additionalProperties));
            },
            true,
          )
        : fieldAdder(ctx, props, absent, path)}
    </div>
  );
}
