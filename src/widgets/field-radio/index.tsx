import { Radio, Space } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';

export interface FieldRadioProps {
  form?: string;
  name?: string;
  label?: string;
  options?: { value: string | number; label: string }[];
  direction?: 'horizontal' | 'vertical';
}

export default function FieldRadioWidget({ props }: WidgetProps<FieldRadioProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const options = Array.isArray(props.options) ? props.options : [];
  const label = asText(props.label);
  const id = fieldId(props.form, props.name);
  return (
    <FieldFrame error={field.error}>
      <div role="radiogroup" aria-labelledby={label ? `${id}-label` : undefined}>
        {label ? (
          <div className="gf-field__label" id={`${id}-label`}>
            {label}
          </div>
        ) : null}
        <Radio.Group
          value={(field.value as string | number | null | undefined) ?? null}
          onChange={(v) => {
            field.onChange(v);
            field.onBlur();
          }}
        >
          <Space direction={props.direction === 'vertical' ? 'vertical' : 'horizontal'} wrap>
            {options.map((o) => (
              <Radio key={String(o.value)} value={o.value}>
                {asText(o.label)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </FieldFrame>
  );
}
