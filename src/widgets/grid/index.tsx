import type { WidgetProps } from '../../engine/contract';
import { asNumber, cssSize } from '../shared/css';

export interface GridProps {
  columns?: number;
  gap?: number | string;
  padding?: number | string;
}

/** CSS grid rather than antd-mobile Grid: children come as one rendered list, not per-cell items. */
export default function GridWidget({ props, renderChildren }: WidgetProps<GridProps>) {
  const columns = Math.max(1, Math.floor(asNumber(props.columns, 4)));
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gap: cssSize(props.gap) ?? '8px',
        padding: cssSize(props.padding),
      }}
    >
      {renderChildren()}
    </div>
  );
}
