import { useEffect, useState } from 'react';

/** a number typed as text: the form gets a number once the text is one (an empty box is not 0) */
export function NumberBox(props: {
  value: number;
  integer: boolean;
  min?: number;
  max?: number;
  label: string;
  pointer: string;
  readOnly: boolean;
  invalid: boolean;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => {
    setText((t) => (Number(t) === props.value && t.trim() !== '' ? t : String(props.value)));
  }, [props.value]);
  return (
    <input
      className="gf-sform__input gf-sform__input--number"
      type="number"
      inputMode={props.integer ? 'numeric' : 'decimal'}
      step={props.integer ? 1 : 'any'}
      min={props.min}
      max={props.max}
      value={text}
      readOnly={props.readOnly}
      aria-label={props.label}
      aria-invalid={props.invalid || undefined}
      data-pointer={props.pointer}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n)) props.onChange(n);
      }}
    />
  );
}
