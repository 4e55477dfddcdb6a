import type { ReactNode } from 'react';
import { adder } from './adder';
import type { FormCtx, Path } from './form-context';
import { row } from './row';
import { blank, type Json, pointerOf, type Schema } from './schema-form';

/** a list: one row per item (`#1`, `#2`…), each removable, and one to add */
export function rows(ctx: FormCtx, s: Schema, v: Json[], path: Path): ReactNode {
  return (
    <div className="gf-sform__fields">
      {v.map((item, i) =>
        row(ctx, `#${i + 1}`, s.items ?? {}, item, [...path, i], {
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
