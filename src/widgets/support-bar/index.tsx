import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import { inkOnWhite, sideColors, textOn } from '../shared/team-color';
import './support-bar.css';

export interface SupportBarProps {
  /** home / away support rates, integer percents */
  home?: unknown;
  away?: unknown;
  /** the viewer's choice: 0 none, 1 home, 2 away (a choice is final, spec §4) */
  supported?: unknown;
  homeName?: unknown;
  awayName?: unknown;
  homeColor?: unknown;
  awayColor?: unknown;
}

/**
 * Home vs away support. Tapping a side emits `vote` with {result: 1|2}; the screen does the login check
 * and the request. Once `supported` names a side the bar shows it and both buttons stay disabled.
 */
export default function SupportBarWidget({ props, emit }: WidgetProps<SupportBarProps>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const supported = asNumber(props.supported, 0);
  const homeRate = Math.max(0, asNumber(props.home, 0));
  const awayRate = Math.max(0, asNumber(props.away, 0));
  const total = homeRate + awayRate;
  const share = total > 0 ? (homeRate / total) * 100 : 50;
  const [home, away] = sideColors(props.homeColor, props.awayColor);
  const locked = supported === 1 || supported === 2;
  const vote = async (side: 1 | 2) => {
    if (locked || busy) return;
    setBusy(true);
    try {
      await emit('vote', { result: side });
    } finally {
      setBusy(false);
    }
  };
  const button = (side: 1 | 2) => {
    const name = asText(side === 1 ? props.homeName : props.awayName);
    const mine = supported === side;
    return (
      <button
        type="button"
        className={`gf-support__btn gf-support__btn--${side === 1 ? 'home' : 'away'}${mine ? ' gf-support__btn--mine' : ''}`}
        style={{
          ['--side-color' as string]: side === 1 ? home : away,
          ['--side-ink' as string]: inkOnWhite(side === 1 ? home : away),
          ['--side-on' as string]: textOn(side === 1 ? home : away),
        }}
        disabled={locked || busy}
        aria-pressed={mine}
        onClick={() => void vote(side)}
      >
        {mine ? t('match.support.supported') : t('match.support.support', { team: name })}
      </button>
    );
  };
  return (
    <section className="gf-support" aria-label={t('match.support.title')} data-locked={locked || undefined}>
      <div className="gf-support__rates">
        <span style={{ color: inkOnWhite(home) }}>{Math.round(homeRate)}%</span>
        <span className="gf-support__title">
          {locked
            ? t('match.support.youChose', { team: asText(supported === 1 ? props.homeName : props.awayName) })
            : t('match.support.title')}
        </span>
        <span style={{ color: inkOnWhite(away) }}>{Math.round(awayRate)}%</span>
      </div>
      <div
        className="gf-support__bar"
        role="img"
        aria-label={`${Math.round(homeRate)}% : ${Math.round(awayRate)}%`}
      >
        <i style={{ width: `${share}%`, background: home }} />
        <i style={{ width: `${100 - share}%`, background: away }} />
      </div>
      <div className="gf-support__buttons">
        {button(1)}
        {button(2)}
      </div>
    </section>
  );
}
