import type { WidgetProps } from '../../engine/contract';
import { asText, cssSize } from '../shared/css';
import { AppIcon } from './app-icon';
import './icon.css';

export interface IconProps {
  name?: string;
  size?: number | string;
  color?: string;
  /** accessible name; without it the icon is decorative (hidden from screen readers) */
  label?: string;
}

export default function IconWidget({ node, props, emit }: WidgetProps<IconProps>) {
  const label = asText(props.label) || undefined;
  const pressable = Boolean(node.on?.press);
  // inside a button the button carries the name; the icon itself stays decorative
  const icon = (
    <AppIcon
      name={asText(props.name)}
      size={cssSize(props.size)}
      color={props.color}
      label={pressable ? undefined : label}
    />
  );
  if (!pressable) return icon;
  return (
    <button
      type="button"
      className="gf-icon-button"
      aria-label={label ?? asText(props.name)}
      onClick={() => void emit('press')}
    >
      {icon}
    </button>
  );
}
