import type { ReactNode } from 'react';
import { adder } from './adder';
import type { FormCtx, Path } from './form-context';
import { row } from './row';
import { blank, entriesOf, isMap, type Json, pointerOf, renameAt, type Schema } from './schema-form';

/** an object's fields; a map's entries can be added, removed and renamed (a taken name is refused) */
export function group(ctx: FormCtx, s: Schema, v: Record<string, Json>, path: Path): ReactNode {
  const map = isMap(s);
  const entries = entriesOf(ctx.root, s, v).filter((e) => !e.key.startsWith('$'));
  return (
    <div className="gf-sform__fields">
      {entries.map((e) =>
        row(ctx, e.key, e.schema, v[e.key] ?? blank(ctx.root, e.schema), [...path, e.key], {
          remove: map && e.removable ? () => ctx.write([...path, e.key], undefined) : undefined,
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
        : null}
    </div>
  );
}
