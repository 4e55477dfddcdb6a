import type { CSSProperties } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import { pressableProps } from '../shared/press';
import './text.css';

export interface TextProps {
  text?: unknown;
  variant?: 'title' | 'subtitle' | 'body' | 'caption' | 'link' | 'danger';
  align?: 'left' | 'center' | 'right';
  lines?: number;
  color?: string;
}

const VARIANTS = new Set(['title', 'subtitle', 'body', 'caption', 'link', 'danger']);

/** Always a React text node: user-provided strings can never become markup. */
export default function TextWidget({ node, props, emit }: WidgetProps<TextProps>) {
  const variant = VARIANTS.has(props.variant as string) ? props.variant : 'body';
  const lines = asNumber(props.lines, 0);
  const style: CSSProperties = { textAlign: props.align, color: props.color };
  if (lines > 0) Object.assign(style, { WebkitLineClamp: lines });
  const className = `gf-text gf-text--${variant}${lines > 0 ? ' gf-text--clamped' : ''}`;
  const Tag = variant === 'title' ? 'h2' : 'p';
  return (
    <Tag className={className} style={style} {...pressableProps(node, emit)}>
      {asText(props.text)}
    </Tag>
  );
}
