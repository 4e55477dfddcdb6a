import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import { control } from './control';
import { type FormCtx, isObj, type Shown } from './form-context';
import { group } from './group';
import { check, effective, type Json, type Problem, type Schema, setAt } from './schema-form';
import './field-schema-form.css';

export interface FieldSchemaFormProps {
  form?: string;
  name?: string;
  label?: string;
  schema?: unknown;
  problems?: unknown;
  readOnly?: boolean;
}

/**
 * A form generated from a JSON Schema over a JSON text field (the same field a `field-json-editor`
 * edits, so one draft and one save serve both): numbers with their limits, enums as pickers, strings,
 * colours, booleans, nested objects as groups, maps and arrays as rows with add, remove and (maps)
 * rename. Fields are named by their labels (field-label.ts) with the raw key beside. Problems from the
 * schema's keywords show under their field as you edit; `problems` (the server's, by JSON pointer) too.
 * Text that is not JSON is left to the JSON editor. The renderers: control.tsx (a value), row.tsx (a
 * named entry), group.tsx (an object or map), rows.tsx (a list), adder.tsx, number-box.tsx.
 */
export default function FieldSchemaFormWidget({ props }: WidgetProps<FieldSchemaFormProps>) {
  const { t, i18n } = useTranslation();
  const field = useField(asText(props.form), asText(props.name));
  const id = fieldId(props.form, props.name);
  const text = asText(field.value);
  const root = (isObj(props.schema) ? props.schema : {}) as Schema;
  const [drafts, setDrafts] = useState<Record<string, string>>({});

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
  const ctx: FormCtx = {
    root,
    readOnly: Boolean(props.readOnly),
    t: (key, args) => t(key, args),
    exists: (key) => i18n.exists(key),
    write: (path, next) => field.onChange(`${JSON.stringify(setAt(value, path, next), null, 2)}\n`),
    errorsAt: (pointer) => problems.get(pointer) ?? [],
    errorsUnder: (pointer) => [...problems.keys()].some((k) => k.startsWith(`${pointer}/`)),
    say: (p) => (p.key ? t(p.key, p.args) : (p.message ?? '')),
    drafts,
    setDraft: (pointer, draft) =>
      setDrafts((d) => {
        const next = { ...d };
        if (draft === undefined) delete next[pointer];
        else next[pointer] = draft;
        return next;
      }),
    control: (schema, v, path, label) => control(ctx, schema, v, path, label),
  };

  const rootProblems = ctx.errorsAt('');
  return (
    <FieldFrame htmlFor={id} label={asText(props.label)}>
      <div id={id} className="gf-sform" data-testid={`schema-form-${asText(props.name)}`}>
        {rootProblems.length ? (
          <div className="gf-sform__error" role="alert">
            {rootProblems.map(ctx.say).join('；')}
          </div>
        ) : null}
        {isObj(value)
          ? group(ctx, effective(root, root, value), value as Record<string, Json>, [])
          : control(ctx, root, value, [], '')}
      </div>
    </FieldFrame>
  );
}

export type { Problem };
