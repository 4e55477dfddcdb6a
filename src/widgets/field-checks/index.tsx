import { Checkbox, Space } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import './field-checks.css';

export interface FieldChecksProps {
  form?: string;
  name?: string;
  label?: string;
  options?: { value: string | number; label: string; description?: string }[];
  direction?: 'horizontal' | 'vertical';
}

/**
 * Several choices at once (antd-mobile Checkbox.Group): the field's value is the array of the chosen
 * options' values, in the options' order (roles of an operator, reasons of a report...).
 */
export default function FieldChecksWidget({ props }: WidgetProps<FieldChecksProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const options = Array.isArray(props.options) ? props.options : [];
  const label = asText(props.label);
  const id = fieldId(props.form, props.name);
  const chosen = Array.isArray(field.value) ? (field.value as (string | number)[]) : [];
  return (
    <FieldFrame error={field.error}>
      <fieldset className="gf-checks" aria-labelledby={label ? `${id}-label` : undefined}>
        {label ? (
          <legend className="gf-field__label" id={`${id}-label`}>
            {label}
          </legend>
        ) : null}
        <Checkbox.Group
          value={chosen}
          onChange={(values) => {
            // keep the options' order whatever order the taps came in
            field.onChange(options.map((o) => o.value).filter((v) => values.includes(v)));
            field.onBlur();
          }}
        >
          <Space direction={props.direction === 'horizontal' ? 'horizontal' : 'vertical'} wrap>
            {options.map((o) => (
              <Checkbox key={String(o.value)} value={o.value}>
                {asText(o.label)}
                {o.description ? <span className="gf-checks__hint">{asText(o.description)}</span> : null}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </fieldset>
    </FieldFrame>
  );
}
