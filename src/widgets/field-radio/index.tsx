import { Radio, Space } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import './field-radio.css';

export interface FieldRadioProps {
  form?: string;
  name?: string;
  label?: string;
  options?: { value: string | number; label: string; image?: string }[];
  direction?: 'horizontal' | 'vertical';
  imageWidth?: number;
  imageHeight?: number;
}

export default function FieldRadioWidget({ props }: WidgetProps<FieldRadioProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const options = Array.isArray(props.options) ? props.options : [];
  const label = asText(props.label);
  const id = fieldId(props.form, props.name);
  const width = typeof props.imageWidth === 'number' ? props.imageWidth : 96;
  const height = typeof props.imageHeight === 'number' ? props.imageHeight : 54;
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
                {typeof o.image === 'string' && o.image ? (
                  <span className="gf-field-radio__pick">
                    <img
                      className={`gf-field-radio__img${field.value === o.value ? ' gf-field-radio__img--on' : ''}`}
                      src={o.image}
                      alt=""
                      width={width}
                      height={height}
                      loading="lazy"
                    />
                    {asText(o.label)}
                  </span>
                ) : (
                  asText(o.label)
                )}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </FieldFrame>
  );
}
