import type { CSSProperties } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { cssSize } from '../shared/css';
import { pressableProps } from '../shared/press';

export interface StackProps {
  direction?: 'row' | 'column';
  gap?: number | string;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  padding?: number | string;
  background?: string;
  flex?: number | string;
}

export default function StackWidget({ node, props, emit, renderChildren }: WidgetProps<StackProps>) {
  const style: CSSProperties = {
    display: 'flex',
    flexDirection: props.direction === 'row' ? 'row' : 'column',
    gap: cssSize(props.gap),
    alignItems: props.align,
    justifyContent: props.justify,
    flexWrap: props.wrap ? 'wrap' : undefined,
    padding: cssSize(props.padding),
    background: props.background,
    flex: props.flex,
    minWidth: 0,
  };
  return (
    <div style={style} {...pressableProps(node, emit)}>
      {renderChildren()}
    </div>
  );
}
