import type { ReactNode } from 'react';
import { adder } from './adder';
import type { FormCtx, Path } from './form-context';
import { row } from './row';
import { blank, type Json, pointerOf, type Schema } from './schema-form';

/** what names an item of a list beside its number: its `key`, `path` or `name` (a tab, a route) */
function itemName(item: Json): string {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return '';
  const o = item as Record<string, Json>;
  const named = [o.key, o.path, o.name].find((v) => typeof v === 'string' && v);
  return named ? ` ${named}` : '';
}

/** past this many items a list's groups start closed (the route table has over a hundred routes) */
export const LONG_LIST = 12;

/** a list: one row per item (`#1`, `#2 experts`…), each removable, and one to add */
export function rows(ctx: FormCtx, s: Schema, v: Json[], path: Path): ReactNode {
  const long = v.length > LONG_LIST;
  return (
    <div className="gf-sform__fields">
      {v.map((item, i) =>
        row(ctx, `#${i + 1}${itemName(item)}`, s.items ?? {}, item, [...path, i], {
          remove: () => ctx.write([...path, i], undefined),
          // by position: the label follows the item's path as it is typed, the field keeps its focus
          id: String(i),
          // a row the operator just added stays open to be filled in
          closed: long && ctx.drafts[`added:${pointerOf([...path, i])}`] === undefined,
        }),
      )}
      {adder(
        ctx,
        pointerOf(path),
        () => {
          ctx.setDraft(`added:${pointerOf([...path, v.length])}`, '1');
          ctx.write([...path, v.length], blank(ctx.root, s.items ?? {}));
        },
        false,
      )}
    </div>
  );
}
