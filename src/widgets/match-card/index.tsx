/**
 * One match in a list: league badge, time, status from the status map (screens/status/match-status.json),
 * teams with red cards, score, half-time score and corners, lottery number, booking star, and the live
 * minute ticking every second. A score that goes up while the card is on screen flashes for a few seconds.
 * Hand-written rather than composed from config nodes because of the clock and the goal flash.
 * `compact` draws one 52 px row (time and state, crests, names, score, star) so a phone shows a dozen
 * matches at once instead of six.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import statusMap from '../../../screens/status/match-status.json';
import { formatHk, hkDay, listTime, useEngineServices } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { Crest } from '../shared/crest';
import { flagOn } from '../shared/css';
import { HALF_TIME, isTicking, liveMinute, useClock } from './live-minute';
import './match-card.css';

export interface MatchCardProps {
  /** a match item (docs: contracts §1), usually "{{ item }}" */
  match?: Record<string, unknown>;
  /** show the booking star (default true) */
  bookable?: boolean;
  /** how long a goal flash lasts, ms (default 4000) */
  flashMs?: number;
  /** one dense row instead of the card (default false) */
  compact?: boolean;
}

type StatusEntry = { label: string; color?: string; group?: string };
const VALUES = statusMap.values as Record<string, StatusEntry>;

export function statusOf(status: unknown): StatusEntry {
  return VALUES[String(status)] ?? { label: statusMap.fallback, color: 'default', group: 'other' };
}

const key = (label: string) => (label.startsWith('$t:') ? label.slice(3) : label);
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const startOf = (m: Record<string, unknown>) => (m.start_ms ? Number(m.start_ms) : m.start_time);

/** "19:30" today, "01-17 19:30" another day, in HK time (src/engine/time.ts: one rule everywhere) */
function kickoff(m: Record<string, unknown>): string {
  return listTime(startOf(m));
}

/** Which side's score went up since the last render with data (0 none, 1 home, 2 away, 3 both). */
function useGoalFlash(home: number | null, away: number | null, id: unknown, ms: number): number {
  const last = useRef<{ id: unknown; home: number | null; away: number | null } | null>(null);
  const [flash, setFlash] = useState(0);
  useEffect(() => {
    const prev = last.current;
    last.current = { id, home, away };
    // a recycled row (another match) or the first data is not a goal
    if (!prev || prev.id !== id) return;
    const side = ((home ?? 0) > (prev.home ?? 0) ? 1 : 0) | ((away ?? 0) > (prev.away ?? 0) ? 2 : 0);
    if (!side) return;
    setFlash(side);
    const timer = setTimeout(() => setFlash(0), ms);
    return () => clearTimeout(timer);
  }, [home, away, id, ms]);
  return flash;
}

export default function MatchCardWidget({ node, props, emit }: WidgetProps<MatchCardProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const m = props.match && typeof props.match === 'object' ? props.match : {};
  const status = Number(m.status);
  const entry = statusOf(status);
  const group = entry.group ?? 'other';
  const live = group === 'live';
  const now = useClock(isTicking(status));
  const minute = liveMinute(m, now);
  const home = num(m.home_score);
  const away = num(m.away_score);
  const flash = useGoalFlash(home, away, m.id, Number(props.flashMs) || 4000);
  const [booked, setBooked] = useState(Boolean(m.booked));
  const [busy, setBusy] = useState(false);
  useEffect(() => setBooked(Boolean(m.booked)), [m.booked]);

  const showScore =
    group === 'live' || group === 'finished' || (home !== null && (home > 0 || (away ?? 0) > 0));
  const homeHalf = num(m.home_half_score);
  const awayHalf = num(m.away_half_score);
  const pressable = Boolean(node.on?.press);

  const toggleBook = async (e: MouseEvent) => {
    e.stopPropagation();
    if (busy) return;
    if (!services.session.get().isLogin) {
      services.openLogin();
      return;
    }
    const next = !booked;
    setBusy(true);
    setBooked(next);
    try {
      await services.api.request({
        method: next ? 'POST' : 'DELETE',
        path: `/mdr/api/v1/matches/${encodeURIComponent(str(m.id))}/appointment`,
      });
      await emit('bookChange', { result: { id: m.id, booked: next } });
    } catch {
      setBooked(!next); // the api client has shown why
    } finally {
      setBusy(false);
    }
  };

  const open = () => void emit('press');
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };

  const statusText = status === HALF_TIME ? t('matchList.card.ht') : minute ? null : t(key(entry.label));
  const compact = flagOn(props.compact, false);
  const classes = ['gf-match-card', `gf-match-card--${group}`];
  if (compact) classes.push('gf-match-card--compact');
  if (flash) classes.push('gf-match-card--goal');
  const star = flagOn(props.bookable, true) ? (
    <button
      type="button"
      className={booked ? 'gf-match-card__star gf-match-card__star--on' : 'gf-match-card__star'}
      aria-pressed={booked}
      aria-label={t(booked ? 'matchList.card.unbook' : 'matchList.card.book')}
      onClick={toggleBook}
    >
      <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
        <path
          d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"
          fill={booked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  ) : null;
  const state = minute ? (
    <span className="gf-match-card__minute" data-testid="live-minute">
      {minute}
      <span className="gf-match-card__tick">'</span>
    </span>
  ) : (
    statusText
  );
  const score = showScore ? (
    <>
      <span className={flash & 1 ? 'gf-match-card__goal' : undefined}>{home ?? 0}</span>
      <span className="gf-match-card__dash">-</span>
      <span className={flash & 2 ? 'gf-match-card__goal' : undefined}>{away ?? 0}</span>
    </>
  ) : (
    <span className="gf-match-card__vs">VS</span>
  );
  const rootProps = {
    className: classes.join(' '),
    role: pressable ? 'button' : undefined,
    tabIndex: pressable ? 0 : undefined,
    onClick: pressable ? open : undefined,
    onKeyDown: pressable ? onKey : undefined,
    'data-match-id': str(m.id),
    'data-status': String(status),
  };

  if (compact) {
    const start = startOf(m);
    const otherDay = hkDay(start) !== hkDay(Date.now());
    return (
      <div {...rootProps} style={{ borderLeftColor: str(m.league_color) || undefined }}>
        <div className="gf-match-card__clock" title={str(m.league_name)}>
          {/* a finished match of another day (a club's results, a player's season) says which day it
              was: a season of rows all reading "20:30 完場" told a fan nothing */}
          <span className="gf-match-card__time">
            {group === 'finished' && otherDay ? formatHk(start, 'MM-DD') : formatHk(start, 'HH:mm')}
          </span>
          <span className={`gf-match-card__state gf-match-card__state--${entry.color ?? 'default'}`}>
            {group === 'live' || group === 'finished' || !otherDay ? state : formatHk(start, 'MM-DD')}
          </span>
        </div>
        <div className="gf-match-card__main">
          <Team side="home" m={m} scored={(flash & 1) !== 0} compact />
          <div className="gf-match-card__score" aria-live={live ? 'polite' : undefined}>
            {score}
          </div>
          <Team side="away" m={m} scored={(flash & 2) !== 0} compact />
        </div>
        {star}
      </div>
    );
  }

  return (
    <div {...rootProps}>
      <div className="gf-match-card__meta">
        <span className="gf-match-card__league" style={{ background: str(m.league_color) || undefined }}>
          {str(m.league_short) || str(m.league_name)}
        </span>
        {m.round ? (
          <span className="gf-match-card__round">
            {/^\d+$/.test(str(m.round)) ? t('matchList.card.round', { n: str(m.round) }) : str(m.round)}
          </span>
        ) : null}
        <span className="gf-match-card__time">{kickoff(m)}</span>
        <span className="gf-match-card__spacer" />
        {m.jczq_num ? <span className="gf-match-card__jczq">{str(m.jczq_num)}</span> : null}
        {star}
      </div>
      <div className="gf-match-card__main">
        <Team side="home" m={m} scored={(flash & 1) !== 0} />
        <div className="gf-match-card__center">
          <div className={`gf-match-card__state gf-match-card__state--${entry.color ?? 'default'}`}>
            {state}
          </div>
          <div className="gf-match-card__score" aria-live={live ? 'polite' : undefined}>
            {score}
          </div>
          {flash ? <div className="gf-match-card__goal-tag">{t('matchList.card.goal')}</div> : null}
        </div>
        <Team side="away" m={m} scored={(flash & 2) !== 0} />
      </div>
      <div className="gf-match-card__extra">
        {homeHalf !== null && awayHalf !== null ? (
          <span>
            {t('matchList.card.half')} {homeHalf}-{awayHalf}
          </span>
        ) : null}
        {showScore ? (
          <span>
            {t('matchList.card.corners')} {num(m.home_corners) ?? 0}-{num(m.away_corners) ?? 0}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * How wide a name reads, in CJK characters: a Han / kana / hangul character counts 1, anything else
 * (Latin letters, digits, spaces, dots) about half. A card wraps a name over two lines and sets a long
 * one a size smaller, so "伊斯坦堡巴沙克謝希爾" or "Borussia Mönchengladbach" are read whole.
 */
export function nameWidth(name: string): number {
  let w = 0;
  for (const ch of name) w += /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.55;
  return w;
}

/** names wider than this take a smaller size (two lines of it fit a 320 px phone; the card has a bit more room) */
const LONG_NAME = 8;

function Team({
  side,
  m,
  scored,
  compact = false,
}: {
  side: 'home' | 'away';
  m: Record<string, unknown>;
  scored: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const red = num(m[`${side}_red`]) ?? 0;
  const rank = m[`${side}_rank`];
  const name = str(m[`${side}_name`]);
  const nameClass =
    nameWidth(name) > (compact ? LONG_NAME : LONG_NAME + 1)
      ? 'gf-match-card__name gf-match-card__name--long'
      : 'gf-match-card__name';
  const bits = [
    rank ? (
      <span key="rank" className="gf-match-card__rank">
        [{str(rank)}]
      </span>
    ) : null,
    <span key="name" className={nameClass} title={name}>
      {name}
    </span>,
    red > 0 ? (
      <span
        key="red"
        className="gf-match-card__red"
        role="img"
        aria-label={t('matchList.card.red', { n: red })}
      >
        {red}
      </span>
    ) : null,
    // next to the score, as score apps draw it
    <Crest key="crest" name={str(m[`${side}_short`]) || name} color={str(m[`${side}_color`])} size={20} />,
  ];
  return (
    <div
      className={`gf-match-card__team gf-match-card__team--${side}${scored ? ' gf-match-card__team--scored' : ''}`}
    >
      {side === 'away' ? bits.reverse() : bits}
    </div>
  );
}
