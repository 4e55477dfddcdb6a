/**
 * A row of days to pick from: today and the next days (schedule) or the past days (results), in Hong
 * Kong time. The picked day goes to state[stateKey] (YYYY-MM-DD) and to on.change as `result`; an empty
 * value means today.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import { hkDay, stripDays } from './dates';
import './date-strip.css';

export interface DateStripProps {
  /** how many days, today included (default 7) */
  days?: number;
  /** future: today and after (default); past: today and before */
  direction?: 'future' | 'past';
  /** selected day YYYY-MM-DD; empty = today */
  value?: string;
  stateKey?: string;
  sticky?: boolean;
}

export default function DateStripWidget({ props, run, emit }: WidgetProps<DateStripProps>) {
  const { t } = useTranslation();
  const now = Date.now();
  const days = stripDays(
    now,
    Math.min(31, Math.max(1, asNumber(props.days, 7))),
    props.direction === 'past' ? -1 : 1,
  );
  const value = asText(props.value) || hkDay(now);
  const selectedRef = useRef<HTMLButtonElement>(null);

  // past days run right to left, ending with today: keep the picked day in view
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the picked day changes
  useEffect(() => {
    selectedRef.current?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [value]);

  const pick = (date: string) => {
    const stateKey = asText(props.stateKey);
    void (async () => {
      if (stateKey) await run([{ type: 'setState', path: stateKey, value: date }]);
      await emit('change', { result: date });
    })();
  };

  return (
    <div
      className={props.sticky ? 'gf-date-strip gf-date-strip--sticky' : 'gf-date-strip'}
      role="tablist"
      aria-label={t('widget.dateStrip.label')}
    >
      {days.map((d) => {
        const on = d.date === value;
        const name =
          d.offset === 0
            ? t('widget.dateStrip.today')
            : d.offset === 1
              ? t('widget.dateStrip.tomorrow')
              : d.offset === -1
                ? t('widget.dateStrip.yesterday')
                : t(`widget.dateStrip.weekday${d.weekday}`);
        return (
          <button
            key={d.date}
            ref={on ? selectedRef : undefined}
            type="button"
            role="tab"
            aria-selected={on}
            data-date={d.date}
            className={on ? 'gf-date-strip__day gf-date-strip__day--on' : 'gf-date-strip__day'}
            onClick={() => pick(d.date)}
          >
            <span className="gf-date-strip__name">{name}</span>
            <span className="gf-date-strip__date">{d.label}</span>
          </button>
        );
      })}
    </div>
  );
}
