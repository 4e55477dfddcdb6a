import { Divider } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';

export interface DividerProps {
  text?: unknown;
  direction?: 'horizontal' | 'vertical';
}

export default function DividerWidget({ props }: WidgetProps<DividerProps>) {
  const text = asText(props.text);
  return (
    <Divider direction={props.direction === 'vertical' ? 'vertical' : 'horizontal'}>{text || null}</Divider>
  );
}
