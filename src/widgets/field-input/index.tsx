import { Input } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asNumber, asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';

export interface FieldInputProps {
  form?: string;
  name?: string;
  label?: string;
  placeholder?: string;
  inputType?: 'text' | 'tel' | 'email' | 'number';
  maxLength?: number;
  clearable?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
}

const INPUT_MODES = { text: 'text', tel: 'tel', email: 'email', number: 'numeric' } as const;

export default function FieldInputWidget({ node, props, renderChildren }: WidgetProps<FieldInputProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const id = fieldId(props.form, props.name);
  const type = props.inputType && props.inputType in INPUT_MODES ? props.inputType : 'text';
  const maxLength = asNumber(props.maxLength, 0);
  return (
    <FieldFrame htmlFor={id} label={asText(props.label)} error={field.error}>
      {node.slots?.prefix ? renderChildren('prefix') : null}
      <Input
        id={id}
        name={asText(props.name)}
        type={type === 'number' ? 'text' : type}
        inputMode={INPUT_MODES[type]}
        autoComplete={type === 'tel' ? 'tel' : type === 'email' ? 'email' : 'off'}
        placeholder={asText(props.placeholder)}
        maxLength={maxLength > 0 ? maxLength : undefined}
        clearable={Boolean(props.clearable)}
        disabled={Boolean(props.disabled)}
        readOnly={Boolean(props.readOnly)}
        value={asText(field.value)}
        onChange={(v) => field.onChange(v)}
        onBlur={() => field.onBlur()}
      />
      {node.slots?.suffix ? renderChildren('suffix') : null}
    </FieldFrame>
  );
}
