import { Checkbox } from 'antd-mobile';
import { useEffect } from 'react';
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
 * Children are the label content (e.g. "I have read [Privacy] and [Service]" with pressable links), so
 * only the box itself toggles: tapping a link inside the label must open it, not tick the box.
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
        <div className="gf-checkbox__label" id={`${id}-label`}>
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
