import { Button } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './button.css';

export interface ButtonProps {
  text?: unknown;
  color?: 'primary' | 'default' | 'danger' | 'success' | 'warning';
  fill?: 'solid' | 'outline' | 'none';
  block?: boolean;
  size?: 'mini' | 'small' | 'middle' | 'large';
  shape?: 'default' | 'rounded' | 'rectangular';
  disabled?: boolean;
  loading?: boolean;
  /** looks disabled but still fires press (e.g. login without ticking the agreement shows a tip) */
  dimmed?: boolean;
}

const COLORS = new Set(['primary', 'default', 'danger', 'success', 'warning']);

export default function ButtonWidget({ props, emit }: WidgetProps<ButtonProps>) {
  const color = COLORS.has(props.color as string) ? props.color : 'default';
  return (
    <Button
      color={color}
      fill={props.fill}
      block={Boolean(props.block)}
      size={props.size}
      shape={props.shape}
      disabled={Boolean(props.disabled)}
      // 'auto' shows the spinner while the bound actions (e.g. a request) are running
      loading={props.loading ? true : 'auto'}
      className={props.dimmed ? 'gf-button--dimmed' : undefined}
      onClick={() => emit('press')}
    >
      {asText(props.text)}
    </Button>
  );
}
