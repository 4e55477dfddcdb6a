import { Badge } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';

export interface BadgeProps {
  text?: unknown;
  color?: string;
  /** a dot instead of text */
  dot?: boolean;
}

/** With children the badge sits on their corner; without, it stands alone. Nothing shows for '' or 0. */
export default function BadgeWidget({ node, props, renderChildren }: WidgetProps<BadgeProps>) {
  const text = asText(props.text);
  const content = props.dot ? Badge.dot : text && text !== '0' ? text : null;
  const hasChildren = Boolean(node.children?.length);
  return (
    <Badge content={content} color={props.color}>
      {hasChildren ? renderChildren() : undefined}
    </Badge>
  );
}
