import type { ReactNode } from 'react';
import { fieldLabel } from './field-label';
import type { FormCtx, Path } from './form-context';
import { blank, type Json, pointerOf, type Schema } from './schema-form';

/**
 * "add a field": the optional properties an object of fixed fields does not have yet (a route's
 * `screen`, `footer`, `requireLogin`…), picked by their label; without it a form could only change
 * the fields a value already has.
 */
export function fieldAdder(
  ctx: FormCtx,
  props: Record<string, unknown>,
  keys: string[],
  path: Path,
): ReactNode {
  if (ctx.readOnly || keys.length === 0) return null;
  const draft = `field:${pointerOf(path)}`;
  const picked = ctx.drafts[draft] ?? '';
  const parent = path.at(-1);
  return (
    <div className="gf-sform__add">
      <select
        className="gf-sform__input"
        value={picked}
        aria-label={ctx.t('cfg6.form.pickField')}
        data-field-adder={pointerOf(path)}
        onChange={(e) => ctx.setDraft(draft, e.target.value || undefined)}
      >
        <option value="">{ctx.t('cfg6.form.pickField')}</option>
        {keys.map((k) => {
          const label = fieldLabel(ctx, k, props[k], parent);
          return (
            <option key={k} value={k}>
              {label.hint ? `${label.text} · ${k}` : label.text}
            </option>
          );
        })}
      </select>
      <button
        type="button"
        className="gf-sform__addButton"
        disabled={!picked}
        onClick={() => {
          ctx.write([...path, picked], blank(ctx.root, props[picked] as Schema) as Json);
          ctx.setDraft(draft, undefined);
        }}
      >
        {ctx.t('cfg6.form.addField')}
      </button>
    </div>
  );
}
