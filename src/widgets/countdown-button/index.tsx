import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenEvent } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import { readCountdownEnd, saveCountdownEnd, secondsLeft } from './countdown-store';

export interface CountdownButtonProps {
  text?: unknown;
  /** default 60 (spec §4: code sending has a 60 s countdown) */
  seconds?: number;
  /** shown while counting; `{{ s }}` is replaced by the seconds left */
  countingText?: string;
  disabled?: boolean;
  /** screen event (an `emit` action) that starts the countdown, e.g. after the code was sent */
  startOn?: string;
  /**
   * target + purpose of the code (e.g. `login-sms:` + area code + phone): a running countdown is kept
   * under it for the browser tab's session and resumes when the screen is opened again
   */
  persistKey?: string;
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
  const key = asText(props.persistKey);
  // the end time, not a tick counter: timers are throttled in background tabs and the end survives visits
  const [end, setEnd] = useState(() => readCountdownEnd(key));
  const [now, setNow] = useState(Date.now);
  const keyRef = useRef(key);
  useEffect(() => {
    // another target (the user edited the phone number) shows that target's own countdown, if any
    if (keyRef.current === key) return;
    keyRef.current = key;
    setEnd(readCountdownEnd(key));
    setNow(Date.now());
  }, [key]);
  const left = secondsLeft(end, now);
  const counting = left > 0;

  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setEnd(at + total * 1000);
    saveCountdownEnd(keyRef.current, at + total * 1000);
  }, [total]);
  useScreenEvent(asText(props.startOn), start);

  useEffect(() => {
    if (!counting) return;
    // tick on the boundaries where the shown number changes (a resumed countdown is not on whole seconds)
    const tick = () => setNow(Date.now());
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        tick();
        every = setInterval(tick, 1000);
      },
      (end - Date.now()) % 1000 || 1000,
    );
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [counting, end]);

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
