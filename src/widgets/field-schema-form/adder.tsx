import type { ReactNode } from 'react';
import type { FormCtx } from './form-context';

/** "add one": a row of a list, or (keyed) an entry of a map under the name typed */
export function adder(
  ctx: FormCtx,
  pointer: string,
  onAdd: (key: string) => void,
  keyed: boolean,
): ReactNode {
  if (ctx.readOnly) return null;
  const draft = ctx.drafts[pointer] ?? '';
  return (
    <div className="gf-sform__add">
      {keyed ? (
        <input
          className="gf-sform__input"
          type="text"
          value={draft}
          placeholder={ctx.t('opsConfig.form.newKey')}
          aria-label={ctx.t('opsConfig.form.newKey')}
          onChange={(e) => ctx.setDraft(pointer, e.target.value)}
        />
      ) : null}
      <button
        type="button"
        className="gf-sform__addButton"
        disabled={keyed && !draft.trim()}
        onClick={() => {
          onAdd(draft.trim());
          ctx.setDraft(pointer, undefined);
        }}
      >
        {ctx.t('opsConfig.form.add')}
      </button>
    </div>
  );
}
