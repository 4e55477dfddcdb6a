import { Checkbox } from 'antd-mobile';
import { type MouseEvent, useEffect } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { fieldId } from '../shared/field-frame';
import './field-checkbox.css';

export interface FieldCheckboxProps {
  form?: string;
  name?: string;
  /** plain label text, used when the node has no children */
  label?: string;
}

/**
 * Children are the label content (e.g. "I have read [Privacy] and [Service]" with pressable links).
 * Tapping the label's text ticks the box, as a native label would (a 16 px box alone is a hard target);
 * tapping a link inside it opens the link and leaves the box alone.
 */
export default function FieldCheckboxWidget({
  node,
  props,
  renderChildren,
}: WidgetProps<FieldCheckboxProps>) {
  const field = useField(asText(props.form), asText(props.name));
  const hasChildren = Boolean(node.children?.length);
  const label = asText(props.label);
  const id = fieldId(props.form, props.name);
  // antd-mobile's Checkbox does not pass aria-* to its <input>; name it by the label content instead.
  useEffect(() => {
    if (hasChildren) document.getElementById(id)?.setAttribute('aria-labelledby', `${id}-label`);
  }, [hasChildren, id]);
  const toggle = (e: MouseEvent) => {
    if ((e.target as Element).closest('[role="button"], [role="link"], a, button, input')) return;
    field.onChange(!field.value);
    field.onBlur();
  };
  return (
    <div className="gf-checkbox">
      <Checkbox
        checked={Boolean(field.value)}
        onChange={(checked) => {
          field.onChange(checked);
          field.onBlur();
        }}
        id={id}
      >
        {hasChildren ? null : label}
      </Checkbox>
      {hasChildren ? (
        // a pointer shortcut only: the checkbox itself, named by this text, is the keyboard control
        <div className="gf-checkbox__label" id={`${id}-label`} onClick={toggle}>
          {renderChildren()}
        </div>
      ) : null}
      {field.error ? (
        <div className="gf-checkbox__error" role="alert">
          {field.error}
        </div>
      ) : null}
    </div>
  );
}
