import type { ReactNode } from 'react';
import type { FormCtx } from './form-context';

/** the problems at a pointer, in one line under the field */
export function errorLine(ctx: FormCtx, pointer: string): ReactNode {
  const list = ctx.errorsAt(pointer);
  return list.length ? (
    <div className="gf-sform__error" role="alert">
      {list.map(ctx.say).join('；')}
    </div>
  ) : null;
}
