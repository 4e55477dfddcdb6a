import { Picker } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import { PickerTrigger } from '../shared/picker-trigger';

type OptionValue = string | number;

export interface FieldPickerProps {
  form?: string;
  name?: string;
  label?: string;
  placeholder?: string;
  options?: { value: OptionValue; label: string }[];
  /** sheet title (defaults to the label) */
  title?: string;
  disabled?: boolean;
}

export default function FieldPickerWidget({ props }: WidgetProps<FieldPickerProps>) {
  const { t } = useTranslation();
  const field = useField(asText(props.form), asText(props.name));
  const [open, setOpen] = useState(false);
  const id = fieldId(props.form, props.name);
  const options = (Array.isArray(props.options) ? props.options : []).map((o) => ({
    value: o.value,
    label: asText(o.label),
  }));
  const value = field.value as OptionValue | null | undefined;
  const selected = options.find((o) => o.value === value || String(o.value) === String(value ?? '\u0000'));
  const label = asText(props.label);
  return (
    <FieldFrame htmlFor={id} label={label} error={field.error}>
      <PickerTrigger
        id={id}
        text={selected?.label ?? ''}
        placeholder={asText(props.placeholder)}
        disabled={Boolean(props.disabled)}
        onOpen={() => setOpen(true)}
      />
      <Picker
        columns={[options]}
        visible={open}
        value={value === null || value === undefined ? [] : [value]}
        title={asText(props.title) || label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => {
          setOpen(false);
          field.onBlur();
        }}
        onConfirm={(v) => {
          if (v[0] !== null && v[0] !== undefined) field.onChange(v[0]);
        }}
      />
    </FieldFrame>
  );
}
