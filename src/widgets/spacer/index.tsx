import type { WidgetProps } from '../../engine/contract';
import { cssSize } from '../shared/css';

export interface SpacerProps {
  size?: number | string;
}

export default function SpacerWidget({ props }: WidgetProps<SpacerProps>) {
  const size = cssSize(props.size) ?? '12px';
  return <div aria-hidden style={{ flex: 'none', height: size, width: size }} />;
}
