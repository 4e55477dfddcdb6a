import { autocompletion } from '@codemirror/autocomplete';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { jsonCompletion, jsonSchemaLinter, stateExtensions, updateSchema } from 'codemirror-json-schema';
import { useEffect, useRef } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asNumber, asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import './field-json-editor.css';

export interface FieldJsonEditorProps {
  form?: string;
  name?: string;
  label?: string;
  schema?: unknown;
  height?: number;
  readOnly?: boolean;
}

type Schema = Parameters<typeof updateSchema>[1];
const asSchema = (v: unknown): Schema | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : undefined;

/**
 * A JSON text field in CodeMirror 6: syntax, the schema's problems as you type, completion from the
 * schema (Ctrl-Space, or as you type a key or value). The form holds the text; the view follows the
 * form when it is set from outside (a reload, a merge).
 */
export default function FieldJsonEditorWidget({ props }: WidgetProps<FieldJsonEditorProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const id = fieldId(props.form, props.name);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const onChange = useRef(field.onChange);
  onChange.current = field.onChange;
  const onBlur = useRef(field.onBlur);
  onBlur.current = field.onBlur;
  const text = asText(field.value);
  const schema = asSchema(props.schema);
  const readOnly = Boolean(props.readOnly);
  const label = asText(props.label);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; later values flow in below
  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          basicSetup,
          json(),
          linter(jsonParseLinter(), { delay: 300 }),
          linter(jsonSchemaLinter(), { delay: 300, needsRefresh: () => true }),
          lintGutter(),
          jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
          autocompletion(),
          stateExtensions(schema),
          EditorView.lineWrapping,
          editable.current.of(EditorState.readOnly.of(readOnly)),
          EditorView.contentAttributes.of({ id, 'aria-label': label || 'JSON' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChange.current(u.state.doc.toString());
            if (u.focusChanged && !u.view.hasFocus) onBlur.current();
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  // the form set from outside (loaded, reloaded, merged): replace the text, keep the view
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== text)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    if (view.current && schema) updateSchema(view.current, schema);
  }, [schema]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly]);

  return (
    <FieldFrame htmlFor={id} label={label} error={field.error}>
      <div
        ref={host}
        className="gf-json-editor"
        data-testid={`json-editor-${asText(props.name)}`}
        style={{ height: asNumber(props.height, 360) }}
      />
    </FieldFrame>
  );
}
