import { Avatar } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText, cssSize } from '../shared/css';
import { pressableProps } from '../shared/press';

export interface AvatarProps {
  src?: string;
  size?: number | string;
  alt?: string;
}

/** antd-mobile's Avatar falls back to a neutral silhouette when src is empty or fails to load. */
export default function AvatarWidget({ node, props, emit }: WidgetProps<AvatarProps>) {
  const size = cssSize(props.size) ?? '44px';
  return (
    <span style={{ display: 'inline-flex' }} {...pressableProps(node, emit, asText(props.alt) || undefined)}>
      <Avatar
        src={asText(props.src)}
        alt={asText(props.alt)}
        style={{ '--size': size, '--border-radius': '50%' } as Record<string, string>}
      />
    </span>
  );
}
