import { Card } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import { pressableProps } from '../shared/press';
import './card.css';

export interface CardProps {
  title?: unknown;
  extra?: unknown;
}

export default function CardWidget({ node, props, emit, renderChildren }: WidgetProps<CardProps>) {
  const title = asText(props.title);
  const extra = asText(props.extra);
  return (
    <div className="gf-card" {...pressableProps(node, emit)}>
      <Card title={title || undefined} extra={extra || undefined}>
        {renderChildren()}
      </Card>
    </div>
  );
}
