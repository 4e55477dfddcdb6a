import { DatePicker } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import { PickerTrigger } from '../shared/picker-trigger';

export interface FieldDateProps {
  form?: string;
  name?: string;
  label?: string;
  placeholder?: string;
  /** YYYY-MM-DD, or "today" */
  min?: string;
  max?: string;
  title?: string;
  disabled?: boolean;
}

const FORMAT = 'YYYY-MM-DD';

function toDate(value: unknown): Date | undefined {
  if (value === 'today') return dayjs().startOf('day').toDate();
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const d = dayjs(value);
  return d.isValid() ? d.toDate() : undefined;
}

/** The value is a plain YYYY-MM-DD string: birth dates have no time zone. */
export default function FieldDateWidget({ props }: WidgetProps<FieldDateProps>) {
  const { t } = useTranslation();
  const field = useField(asText(props.form), asText(props.name));
  const [open, setOpen] = useState(false);
  const id = fieldId(props.form, props.name);
  const current = toDate(field.value);
  const label = asText(props.label);
  return (
    <FieldFrame htmlFor={id} label={label} error={field.error}>
      <PickerTrigger
        id={id}
        text={current ? dayjs(current).format(FORMAT) : ''}
        placeholder={asText(props.placeholder)}
        disabled={Boolean(props.disabled)}
        onOpen={() => setOpen(true)}
      />
      <DatePicker
        visible={open}
        precision="day"
        min={toDate(props.min) ?? dayjs().subtract(100, 'year').toDate()}
        max={toDate(props.max) ?? dayjs().add(10, 'year').toDate()}
        value={current ?? null}
        title={asText(props.title) || label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => {
          setOpen(false);
          field.onBlur();
        }}
        onConfirm={(d) => field.onChange(dayjs(d).format(FORMAT))}
      />
    </FieldFrame>
  );
}
