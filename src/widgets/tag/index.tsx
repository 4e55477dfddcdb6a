import { Tag } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';

export interface TagProps {
  text?: unknown;
  /** primary | success | warning | danger | default, or any CSS colour */
  color?: string;
  fill?: 'solid' | 'outline';
  round?: boolean;
}

export default function TagWidget({ props }: WidgetProps<TagProps>) {
  return (
    <Tag
      color={props.color ?? 'default'}
      fill={props.fill === 'outline' ? 'outline' : 'solid'}
      round={Boolean(props.round)}
    >
      {asText(props.text)}
    </Tag>
  );
}
