import type { ReactNode } from 'react';
import { errorLine } from './error-line';
import { fieldLabel } from './field-label';
import type { FormCtx, Path } from './form-context';
import { effective, type Json, kindOf, pointerOf } from './schema-form';

export interface RowActions {
  /** remove the entry (a map's entry, a list's row) */
  remove?: () => void;
  /** give a map's entry another name: null when done, else the locale key of why not */
  rename?: (to: string) => string | null;
  /** start closed (an item of a long list) even below the top level */
  closed?: boolean;
  /** React's key when the label can change under the operator's typing (a list item named by its path) */
  id?: string;
}

/** the name of an entry: its label, the raw key as a hint, and the rename box when it is open */
function name(ctx: FormCtx, key: string, schema: unknown, path: Path, rename?: RowActions['rename']) {
  const label = fieldLabel(ctx, key, schema, path.at(-2));
  const pointer = pointerOf(path);
  const renaming = ctx.drafts[`rename:${pointer}`];
  if (rename && renaming !== undefined) {
    const refused = ctx.drafts[`renameError:${pointer}`];
    const done = () => {
      const to = renaming.trim();
      const why = to && to !== key ? rename(to) : null;
      if (why) ctx.setDraft(`renameError:${pointer}`, why);
      else {
        ctx.setDraft(`rename:${pointer}`, undefined);
        ctx.setDraft(`renameError:${pointer}`, undefined);
      }
    };
    return (
      <span className="gf-sform__rename">
        <input
          className="gf-sform__input"
          type="text"
          value={renaming}
          aria-label={ctx.t('opsConfig.form.renameTo', { name: key })}
          aria-invalid={refused ? true : undefined}
          // biome-ignore lint/a11y/noAutofocus: the box opens on the operator's own tap of "rename"
          autoFocus
          onChange={(e) => {
            ctx.setDraft(`rename:${pointer}`, e.target.value);
            ctx.setDraft(`renameError:${pointer}`, undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') done();
            if (e.key === 'Escape') ctx.setDraft(`rename:${pointer}`, undefined);
          }}
        />
        <button type="button" className="gf-sform__addButton" onClick={done}>
          {ctx.t('opsConfig.form.renameOk')}
        </button>
        {refused ? (
          <span className="gf-sform__error" role="alert">
            {ctx.t(refused, { name: renaming.trim() })}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="gf-sform__label">
      <span className="gf-sform__name">{label.text}</span>
      {label.hint ? <code className="gf-sform__key">{label.hint}</code> : null}
      {rename && !ctx.readOnly ? (
        <button
          type="button"
          className="gf-sform__renameButton"
          aria-label={ctx.t('opsConfig.form.rename', { name: key })}
          onClick={(e) => {
            e.preventDefault(); // inside a <summary>: not a toggle of the group
            ctx.setDraft(`rename:${pointer}`, key);
          }}
        >
          {ctx.t('opsConfig.form.renameShort')}
        </button>
      ) : null}
    </span>
  );
}

/** one entry: its name and its control; an object or a list opens as a group of its own */
export function row(
  ctx: FormCtx,
  key: string,
  schema: unknown,
  v: Json,
  path: Path,
  actions: RowActions = {},
): ReactNode {
  const s = effective(ctx.root, schema, v);
  const nested = ['object', 'array'].includes(kindOf(s, v));
  const pointer = pointerOf(path);
  const label = fieldLabel(ctx, key, schema, path.at(-2)).text;
  const removeButton =
    actions.remove && !ctx.readOnly ? (
      <button
        type="button"
        className="gf-sform__remove"
        onClick={actions.remove}
        aria-label={ctx.t('opsConfig.form.remove', { name: key })}
      >
        {ctx.t('opsConfig.form.removeShort')}
      </button>
    ) : null;
  if (nested)
    return (
      <details
        key={actions.id ?? key}
        className="gf-sform__group"
        open={
          (path.length > 1 && !actions.closed) ||
          ctx.errorsAt(pointer).length > 0 ||
          (actions.closed === true && ctx.errorsUnder(pointer))
        }
        data-group={pointer}
      >
        <summary className="gf-sform__legend">
          {name(ctx, key, schema, path, actions.rename)}
          {removeButton}
        </summary>
        {errorLine(ctx, pointer)}
        {ctx.control(s, v, path, label)}
      </details>
    );
  return (
    <div key={actions.id ?? key} className="gf-sform__row">
      {name(ctx, key, schema, path, actions.rename)}
      <span className="gf-sform__value">
        {ctx.control(s, v, path, label)}
        {removeButton}
      </span>
      {errorLine(ctx, pointer)}
    </div>
  );
}
