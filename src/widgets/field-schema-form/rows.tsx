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

/** a list: one row per item (`#1`, `#2 experts`…), each removable, and one to add */
export function rows(ctx: FormCtx, s: Schema, v: Json[], path: Path): ReactNode {
  return (
    <div className="gf-sform__fields">
      {v.map((item, i) =>
        row(ctx, `#${i + 1}${itemName(item)}`, s.items ?? {}, item, [...path, i], {
          remove: () => ctx.write([...path, i], undefined),
        }),
      )}
      {adder(
        ctx,
        pointerOf(path),
        () => ctx.write([...path, v.length], blank(ctx.root, s.items ?? {})),
        false,
      )}
    </div>
  );
}
