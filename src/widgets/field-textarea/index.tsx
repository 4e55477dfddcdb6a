import { TextArea } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asNumber, asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';

export interface FieldTextareaProps {
  form?: string;
  name?: string;
  label?: string;
  placeholder?: string;
  maxLength?: number;
  showCount?: boolean;
  rows?: number;
  autoSize?: boolean;
}

export default function FieldTextareaWidget({ props }: WidgetProps<FieldTextareaProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const id = fieldId(props.form, props.name);
  const maxLength = asNumber(props.maxLength, 0);
  return (
    <FieldFrame htmlFor={id} label={asText(props.label)} error={field.error}>
      <TextArea
        id={id}
        name={asText(props.name)}
        placeholder={asText(props.placeholder)}
        maxLength={maxLength > 0 ? maxLength : undefined}
        showCount={Boolean(props.showCount)}
        rows={asNumber(props.rows, 3)}
        autoSize={props.autoSize ? { minRows: asNumber(props.rows, 3) } : undefined}
        value={asText(field.value)}
        onChange={(v) => field.onChange(v)}
        onBlur={() => field.onBlur()}
      />
    </FieldFrame>
  );
}
