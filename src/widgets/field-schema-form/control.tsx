import type { ReactNode } from 'react';
import type { FormCtx, Path } from './form-context';
import { group } from './group';
import { NumberBox } from './number-box';
import { rows } from './rows';
import { effective, type Json, kindOf, pointerOf, type Schema } from './schema-form';

/** a text: a box of two lines for a long one rather than one that scrolls out of sight */
function textBox(ctx: FormCtx, v: Json, path: Path, common: Record<string, unknown>): ReactNode {
  const long = typeof v === 'string' && [...v].length > 28;
  const props = {
    ...common,
    value: String(v ?? ''),
    disabled: false,
    readOnly: ctx.readOnly,
    onChange: (e: { target: { value: string } }) => ctx.write(path, e.target.value),
  };
  return long ? (
    <textarea className="gf-sform__input gf-sform__input--long" rows={2} {...props} />
  ) : (
    <input className="gf-sform__input" type="text" {...props} />
  );
}

function enumPicker(
  ctx: FormCtx,
  s: Schema,
  v: Json,
  path: Path,
  common: Record<string, unknown>,
): ReactNode {
  const options = s.enum as Json[];
  return (
    <select
      className="gf-sform__input"
      value={JSON.stringify(v)}
      {...common}
      onChange={(e) => ctx.write(path, JSON.parse(e.target.value) as Json)}
    >
      {options.includes(v) ? null : <option value={JSON.stringify(v)}>{String(v ?? '—')}</option>}
      {options.map((o) => (
        <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
          {String(o)}
        </option>
      ))}
    </select>
  );
}

/** the control of one value, by the kind its schema gives it; objects and lists as groups of rows */
export function control(ctx: FormCtx, schema: unknown, v: Json, path: Path, label: string): ReactNode {
  const s = effective(ctx.root, schema, v);
  const kind = kindOf(s, v);
  const pointer = pointerOf(path);
  const invalid = ctx.errorsAt(pointer).length > 0;
  const common = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'data-pointer': pointer,
    disabled: ctx.readOnly,
  };
  switch (kind) {
    case 'enum':
      return enumPicker(ctx, s, v, path, common);
    case 'boolean':
      return (
        <input
          type="checkbox"
          className="gf-sform__check"
          checked={v === true}
          {...common}
          onChange={(e) => ctx.write(path, e.target.checked)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <NumberBox
          value={Number(v)}
          integer={kind === 'integer'}
          min={typeof s.minimum === 'number' ? s.minimum : undefined}
          max={typeof s.maximum === 'number' ? s.maximum : undefined}
          label={label}
          pointer={pointer}
          readOnly={ctx.readOnly}
          invalid={invalid}
          onChange={(n) => ctx.write(path, n)}
        />
      );
    case 'colour':
      return (
        <span className="gf-sform__colour">
          <input
            type="color"
            className="gf-sform__swatch"
            value={/^#[0-9a-fA-F]{6}$/.test(String(v)) ? String(v) : '#000000'}
            aria-label={ctx.t('opsConfig.form.pickColour', { name: label })}
            disabled={ctx.readOnly}
            onChange={(e) => ctx.write(path, e.target.value)}
          />
          {textBox(ctx, v, path, common)}
        </span>
      );
    case 'string':
      // a `$t:key` text: what it reads as in the operator's language, under the key
      return typeof v === 'string' && v.startsWith('$t:') ? (
        <span className="gf-sform__stack">
          {textBox(ctx, v, path, common)}
          <span className="gf-sform__hint">
            {ctx.exists(v.slice(3)) ? ctx.t(v.slice(3)) : ctx.t('opsConfig.form.noText')}
          </span>
        </span>
      ) : (
        textBox(ctx, v, path, common)
      );
    case 'object':
      return group(ctx, s, (v ?? {}) as Record<string, Json>, path);
    case 'array':
      return rows(ctx, s, (v ?? []) as Json[], path);
    default:
      return <code className="gf-sform__raw">{JSON.stringify(v)}</code>;
  }
}
