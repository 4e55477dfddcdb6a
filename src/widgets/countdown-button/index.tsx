import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenEvent } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';

export interface CountdownButtonProps {
  text?: unknown;
  /** default 60 (spec §4: code sending has a 60 s countdown) */
  seconds?: number;
  /** shown while counting; `{{ s }}` is replaced by the seconds left */
  countingText?: string;
  disabled?: boolean;
  /** screen event (an `emit` action) that starts the countdown, e.g. after the code was sent */
  startOn?: string;
  color?: 'primary' | 'default' | 'danger' | 'success';
  fill?: 'solid' | 'outline' | 'none';
  size?: 'mini' | 'small' | 'middle' | 'large';
}

/**
 * countingText is read from the raw node because the engine would evaluate `{{ s }}` (an unknown root)
 * before the widget sees it. A `$t:key` text gets `s` as its i18n argument instead.
 */
function countingLabel(node: WidgetProps['node'], evaluated: unknown, left: number, t: TFunction): string {
  const raw = node.props?.countingText;
  if (typeof raw === 'string' && raw.startsWith('$t:')) return t(raw.slice(3), { s: left });
  const template = typeof raw === 'string' && raw.includes('{{') ? raw : asText(evaluated);
  return template ? template.replace(/\{\{\s*s\s*\}\}/g, String(left)) : `${left}s`;
}

export default function CountdownButtonWidget({ node, props, emit }: WidgetProps<CountdownButtonProps>) {
  const { t } = useTranslation();
  const total = Math.max(1, Math.floor(asNumber(props.seconds, 60)));
  const [left, setLeft] = useState(0);
  const counting = left > 0;

  const start = useCallback(() => setLeft(total), [total]);
  useScreenEvent(asText(props.startOn), start);

  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const label = counting ? countingLabel(node, props.countingText, left, t) : asText(props.text);

  return (
    <Button
      color={props.color ?? 'primary'}
      fill={props.fill ?? 'none'}
      size={props.size ?? 'small'}
      disabled={counting || Boolean(props.disabled)}
      onClick={() => {
        if (!counting) void emit('press');
      }}
    >
      {label}
    </Button>
  );
}
