/** Minimal widgets for engine tests: enough to observe rendering, events and form binding. */
import type { Widget } from '../contract';
import { useField } from '../forms/hooks';
import { createWidgetRegistry } from '../registry';

const Box: Widget = ({ renderChildren, props }) => <div data-testid={props.testId}>{renderChildren()}</div>;
const Text: Widget = ({ props }) => <span>{String(props.text ?? '')}</span>;
const Button: Widget = ({ props, emit }) => (
  <button type="button" disabled={Boolean(props.disabled)} onClick={() => void emit('press')}>
    {String(props.text ?? '')}
  </button>
);
const Input: Widget = ({ props }) => {
  const f = useField<string>(String(props.form), String(props.name));
  return (
    <label>
      {String(props.label ?? props.name)}
      <input value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />
      {f.error && <em role="alert">{f.error}</em>}
    </label>
  );
};
const Broken: Widget = () => {
  throw new Error('broken widget');
};

export const testRegistry = createWidgetRegistry({
  box: Box,
  text: Text,
  button: Button,
  input: Input,
  broken: Broken,
});
