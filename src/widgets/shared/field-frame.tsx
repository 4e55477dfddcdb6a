import type { ReactNode } from 'react';
import './field-frame.css';

interface FieldFrameProps {
  /** id of the control, so the label is announced with it */
  htmlFor?: string;
  label?: string;
  error?: string;
  children: ReactNode;
}

/** Label above, control, translated validation message below (announced when it appears). */
export function FieldFrame({ htmlFor, label, error, children }: FieldFrameProps) {
  return (
    <div className={error ? 'gf-field gf-field--invalid' : 'gf-field'}>
      {label ? (
        <label className="gf-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : null}
      <div className="gf-field__control">{children}</div>
      {error ? (
        <div className="gf-field__error" role="alert" id={htmlFor ? `${htmlFor}-error` : undefined}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Stable DOM id for a form field, also used by its error message (aria-describedby). */
export function fieldId(form: unknown, name: unknown): string {
  return `f-${String(form ?? '')}-${String(name ?? '')}`.replace(/[^\w-]/g, '_');
}
