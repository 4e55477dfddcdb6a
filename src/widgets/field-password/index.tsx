import { Input } from 'antd-mobile';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asNumber, asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import './field-password.css';

export interface FieldPasswordProps {
  form?: string;
  name?: string;
  label?: string;
  placeholder?: string;
  maxLength?: number;
  /** 'current-password' (login, default) or 'new-password' (reset) */
  autoComplete?: 'current-password' | 'new-password';
}

/** Spec §5: password fields block copy, cut and paste. */
const block = (e: ClipboardEvent) => e.preventDefault();

export default function FieldPasswordWidget({ props }: WidgetProps<FieldPasswordProps>) {
  const { t } = useTranslation();
  const field = useField(asText(props.form), asText(props.name));
  const [visible, setVisible] = useState(false);
  const id = fieldId(props.form, props.name);
  const maxLength = asNumber(props.maxLength, 0);
  return (
    <FieldFrame htmlFor={id} label={asText(props.label)} error={field.error}>
      <div className="gf-password" onCopy={block} onCut={block} onPaste={block}>
        <Input
          id={id}
          name={asText(props.name)}
          type={visible ? 'text' : 'password'}
          autoComplete={props.autoComplete ?? 'current-password'}
          placeholder={asText(props.placeholder)}
          maxLength={maxLength > 0 ? maxLength : undefined}
          value={asText(field.value)}
          onChange={(v) => field.onChange(v)}
          onBlur={() => field.onBlur()}
        />
        <button
          type="button"
          className="gf-password__toggle"
          aria-label={t(visible ? 'widget.password.hide' : 'widget.password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
        </button>
      </div>
    </FieldFrame>
  );
}
