import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import {
  blank,
  check,
  effective,
  entriesOf,
  isMap,
  type Json,
  kindOf,
  type Problem,
  pointerOf,
  type Schema,
  setAt,
} from './schema-form';
import './field-schema-form.css';

export interface FieldSchemaFormProps {
  form?: string;
  name?: string;
  label?: string;
  schema?: unknown;
  problems?: unknown;
  readOnly?: boolean;
}

type Path = (string | number)[];
interface Shown {
  key?: string;
  args?: Record<string, string>;
  message?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** a number typed as text: the form gets a number once the text is one (an empty box is not 0) */
function NumberBox(props: {
  value: number;
  integer: boolean;
  min?: number;
  max?: number;
  label: string;
  pointer: string;
  readOnly: boolean;
  invalid: boolean;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => {
    setText((t) => (Number(t) === props.value && t.trim() !== '' ? t : String(props.value)));
  }, [props.value]);
  return (
    <input
      className="gf-sform__input gf-sform__input--number"
      type="number"
      inputMode={props.integer ? 'numeric' : 'decimal'}
      step={props.integer ? 1 : 'any'}
      min={props.min}
      max={props.max}
      value={text}
      readOnly={props.readOnly}
      aria-label={props.label}
      aria-invalid={props.invalid || undefined}
      data-pointer={props.pointer}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n)) props.onChange(n);
      }}
    />
  );
}

/**
 * A form generated from a JSON Schema over a JSON text field (the same field a `field-json-editor`
 * edits, so one draft and one save serve both): numbers with their limits, enums as pickers, strings,
 * colours, booleans, nested objects as groups, maps and arrays as rows with add and remove. Problems
 * from the schema's keywords show under their field as you edit; `problems` (the server's, by JSON
 * pointer) too. Text that is not JSON is left to the JSON editor.
 */
export default function FieldSchemaFormWidget({ props }: WidgetProps<FieldSchemaFormProps>) {
  const { t, i18n } = useTranslation();
  const field = useField(asText(props.form), asText(props.name));
  const id = fieldId(props.form, props.name);
  const text = asText(field.value);
  const root = (isObj(props.schema) ? props.schema : {}) as Schema;
  const readOnly = Boolean(props.readOnly);
  const [adding, setAdding] = useState<Record<string, string>>({});

  const parsed = useMemo((): { ok: true; value: Json } | { ok: false } => {
    try {
      return { ok: true, value: JSON.parse(text) as Json };
    } catch {
      return { ok: false };
    }
  }, [text]);

  const problems = useMemo(() => {
    const byPointer = new Map<string, Shown[]>();
    const add = (pointer: string, p: Shown) => byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), p]);
    if (parsed.ok) for (const p of check(root, root, parsed.value)) add(p.pointer, p);
    if (Array.isArray(props.problems))
      for (const p of props.problems as (Shown & { pointer?: string })[])
        if (
          isObj(p) &&
          typeof p.pointer === 'string' &&
          !byPointer.get(p.pointer)?.some((q) => q.key === p.key)
        )
          add(p.pointer, p);
    return byPointer;
  }, [parsed, root, props.problems]);

  if (!text.trim()) return null;
  if (!parsed.ok)
    return (
      <FieldFrame htmlFor={id} label={asText(props.label)}>
        <p className="gf-sform__note" role="alert">
          {t('opsConfig.form.notJson')}
        </p>
      </FieldFrame>
    );
  const value = parsed.value;
  const write = (path: Path, next: Json | undefined) =>
    field.onChange(`${JSON.stringify(setAt(value, path, next), null, 2)}\n`);
  const say = (p: Shown) => (p.key ? t(p.key, p.args) : (p.message ?? ''));
  const errorsAt = (pointer: string) => problems.get(pointer) ?? [];

  const errorLine = (pointer: string) => {
    const list = errorsAt(pointer);
    return list.length ? (
      <div className="gf-sform__error" role="alert">
        {list.map(say).join('；')}
      </div>
    ) : null;
  };

  function control(schema: unknown, v: Json, path: Path, label: string): ReactNode {
    const s = effective(root, schema, v);
    const kind = kindOf(s, v);
    const pointer = pointerOf(path);
    const invalid = errorsAt(pointer).length > 0;
    const common = {
      'aria-label': label,
      'aria-invalid': invalid || undefined,
      'data-pointer': pointer,
      disabled: readOnly,
    };
    // a long text wraps in a box of two lines rather than scrolling out of sight
    const long = typeof v === 'string' && [...v].length > 28;
    const textBox = long ? (
      <textarea
        className="gf-sform__input gf-sform__input--long"
        rows={2}
        value={String(v ?? '')}
        {...common}
        disabled={false}
        readOnly={readOnly}
        onChange={(e) => write(path, e.target.value)}
      />
    ) : (
      <input
        className="gf-sform__input"
        type="text"
        value={String(v ?? '')}
        {...common}
        disabled={false}
        readOnly={readOnly}
        onChange={(e) => write(path, e.target.value)}
      />
    );
    switch (kind) {
      case 'enum':
        return (
          <select
            className="gf-sform__input"
            value={JSON.stringify(v)}
            {...common}
            onChange={(e) => write(path, JSON.parse(e.target.value) as Json)}
          >
            {(s.enum as Json[]).includes(v) ? null : (
              <option value={JSON.stringify(v)}>{String(v ?? '—')}</option>
            )}
            {(s.enum as Json[]).map((o) => (
              <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
                {String(o)}
              </option>
            ))}
          </select>
        );
      case 'boolean':
        return (
          <input
            type="checkbox"
            className="gf-sform__check"
            checked={v === true}
            {...common}
            onChange={(e) => write(path, e.target.checked)}
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
            readOnly={readOnly}
            invalid={invalid}
            onChange={(n) => write(path, n)}
          />
        );
      case 'colour':
        return (
          <span className="gf-sform__colour">
            <input
              type="color"
              className="gf-sform__swatch"
              value={/^#[0-9a-fA-F]{6}$/.test(String(v)) ? String(v) : '#000000'}
              aria-label={t('opsConfig.form.pickColour', { name: label })}
              disabled={readOnly}
              onChange={(e) => write(path, e.target.value)}
            />
            {textBox}
          </span>
        );
      case 'string':
        // a `$t:key` text: what it reads as in the operator's language, under the key
        return typeof v === 'string' && v.startsWith('$t:') ? (
          <span className="gf-sform__stack">
            {textBox}
            <span className="gf-sform__hint">
              {i18n.exists(v.slice(3)) ? t(v.slice(3)) : t('opsConfig.form.noText')}
            </span>
          </span>
        ) : (
          textBox
        );
      case 'object':
        return group(s, (v ?? {}) as Record<string, Json>, path);
      case 'array':
        return rows(s, (v ?? []) as Json[], path);
      default:
        return <code className="gf-sform__raw">{JSON.stringify(v)}</code>;
    }
  }

  function row(key: string, schema: unknown, v: Json, path: Path, remove?: () => void): ReactNode {
    const s = effective(root, schema, v);
    const nested = ['object', 'array'].includes(kindOf(s, v));
    const pointer = pointerOf(path);
    const removeButton =
      remove && !readOnly ? (
        <button
          type="button"
          className="gf-sform__remove"
          onClick={remove}
          aria-label={t('opsConfig.form.remove', { name: key })}
        >
          {t('opsConfig.form.removeShort')}
        </button>
      ) : null;
    if (nested)
      return (
        <details
          key={key}
          className="gf-sform__group"
          open={path.length > 1 || errorsAt(pointer).length > 0}
          data-group={pointer}
        >
          <summary className="gf-sform__legend">
            <span className="gf-sform__name">{key}</span>
            {removeButton}
          </summary>
          {errorLine(pointer)}
          {control(s, v, path, key)}
        </details>
      );
    return (
      <div key={key} className="gf-sform__row">
        <span className="gf-sform__name">{key}</span>
        <span className="gf-sform__value">
          {control(s, v, path, key)}
          {removeButton}
        </span>
        {errorLine(pointer)}
      </div>
    );
  }

  function adder(pointer: string, onAdd: (key: string) => void, keyed: boolean): ReactNode {
    if (readOnly) return null;
    const draft = adding[pointer] ?? '';
    return (
      <div className="gf-sform__add">
        {keyed ? (
          <input
            className="gf-sform__input"
            type="text"
            value={draft}
            placeholder={t('opsConfig.form.newKey')}
            aria-label={t('opsConfig.form.newKey')}
            onChange={(e) => setAdding({ ...adding, [pointer]: e.target.value })}
          />
        ) : null}
        <button
          type="button"
          className="gf-sform__addButton"
          disabled={keyed && !draft.trim()}
          onClick={() => {
            onAdd(draft.trim());
            setAdding({ ...adding, [pointer]: '' });
          }}
        >
          {t('opsConfig.form.add')}
        </button>
      </div>
    );
  }

  function group(s: Schema, v: Record<string, Json>, path: Path): ReactNode {
    const map = isMap(s);
    const entries = entriesOf(root, s, v).filter((e) => !e.key.startsWith('$'));
    return (
      <div className="gf-sform__fields">
        {entries.map((e) =>
          row(
            e.key,
            e.schema,
            v[e.key] ?? blank(root, e.schema),
            [...path, e.key],
            map && e.removable ? () => write([...path, e.key], undefined) : undefined,
          ),
        )}
        {map
          ? adder(
              pointerOf(path),
              (key) => {
                if (!(key in v)) write([...path, key], blank(root, s.additionalProperties));
              },
              true,
            )
          : null}
      </div>
    );
  }

  function rows(s: Schema, v: Json[], path: Path): ReactNode {
    return (
      <div className="gf-sform__fields">
        {v.map((item, i) =>
          row(`#${i + 1}`, s.items ?? {}, item, [...path, i], () => write([...path, i], undefined)),
        )}
        {adder(pointerOf(path), () => write([...path, v.length], blank(root, s.items ?? {})), false)}
      </div>
    );
  }

  const rootProblems = errorsAt('');
  return (
    <FieldFrame htmlFor={id} label={asText(props.label)}>
      <div id={id} className="gf-sform" data-testid={`schema-form-${asText(props.name)}`}>
        {rootProblems.length ? (
          <div className="gf-sform__error" role="alert">
            {rootProblems.map(say).join('；')}
          </div>
        ) : null}
        {isObj(value)
          ? group(effective(root, root, value), value as Record<string, Json>, [])
          : control(root, value, [], '')}
      </div>
    </FieldFrame>
  );
}

export type { Problem };
