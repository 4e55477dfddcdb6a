/**
 * The match detail header: league and round, kick-off time, both teams (colour badges, ranks), score,
 * half-time score and the status label from screens/status/match-status.json with a ticking minute.
 * Scrolled out of view it leaves a compact bar (crests, score, minute) fixed at the top, and tells the
 * sticky headers of its page (the tabs) to stick below that bar (--gf-sticky-top).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import statusMap from '../../../screens/status/match-status.json';
import { formatHk } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { HALF_TIME, isTicking, liveMinute, useClock } from '../match-card/live-minute';
import { Crest } from '../shared/crest';
import { asText } from '../shared/css';
import { pressableProps } from '../shared/press';
import './match-header.css';

export interface MatchHeaderProps {
  match?: unknown;
}

type M = Record<string, unknown>;
const VALUES = statusMap.values as Record<string, { label: string; color?: string; group?: string }>;
const labelKey = (label: string) => label.replace(/^\$t:/, '');

/** in HK time like every date-time of the app (src/engine/time.ts), not the phone's zone */
const kickOff = (m: M): string => formatHk(Number(m.start_ms) || m.start_time);

const BAR_HEIGHT = 48;

/** True once the full header has scrolled up under where the compact bar sits. */
function useCollapsed(ref: React.RefObject<HTMLElement | null>): boolean {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      ([e]) => setCollapsed(!e.isIntersecting && e.boundingClientRect.bottom <= BAR_HEIGHT),
      { rootMargin: `-${BAR_HEIGHT}px 0px 0px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  useEffect(() => {
    const page = ref.current?.closest<HTMLElement>('.gf-route-page');
    if (!page) return;
    if (collapsed) page.style.setProperty('--gf-sticky-top', `${BAR_HEIGHT}px`);
    return () => {
      page.style.removeProperty('--gf-sticky-top');
    };
  }, [collapsed, ref]);
  return collapsed;
}

/** With `on.team` bound, a club's crest and name open it: the press gets {result: side, item: {id}}. */
function teamPress(m: M, side: 'home' | 'away', onTeam?: (side: 'home' | 'away', id: unknown) => void) {
  if (!onTeam) return {};
  const go = () => onTeam(side, m[`${side}_id`]);
  return {
    role: 'link',
    tabIndex: 0,
    onClick: (e: { stopPropagation(): void }) => {
      e.stopPropagation();
      go();
    },
    onKeyDown: (e: { key: string; preventDefault(): void }) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        go();
      }
    },
  } as const;
}

function Team({
  m,
  side,
  onTeam,
}: {
  m: M;
  side: 'home' | 'away';
  onTeam?: (side: 'home' | 'away', id: unknown) => void;
}) {
  const { t } = useTranslation();
  const name = asText(m[`${side}_name`]);
  const short = asText(m[`${side}_short`]) || name;
  const color = asText(m[`${side}_color`]);
  const rank = m[`${side}_rank`];
  return (
    <div className={`gf-mh__team gf-mh__team--${side}`} {...teamPress(m, side, onTeam)}>
      <Crest name={short} color={color} size={52} className="gf-mh__crest" />
      <span className="gf-mh__name">{name}</span>
      {rank !== null && rank !== undefined && rank !== '' ? (
        <span className="gf-mh__rank">{t('match.header.rank', { rank: String(rank) })}</span>
      ) : null}
    </div>
  );
}

export default function MatchHeaderWidget({ node, props, emit }: WidgetProps<MatchHeaderProps>) {
  const { t } = useTranslation();
  const m = (props.match && typeof props.match === 'object' ? props.match : {}) as M;
  const status = Number(m.status);
  const entry = VALUES[String(status)];
  const now = useClock(isTicking(status));
  const minute = liveMinute(m, now);
  const started = entry?.group === 'live' || entry?.group === 'finished' || status === HALF_TIME;
  const label = t(labelKey(entry?.label ?? statusMap.fallback));
  const hasHalf = m.home_half_score !== null && m.home_half_score !== undefined && status !== 2;
  const ref = useRef<HTMLElement>(null);
  const collapsed = useCollapsed(ref);
  const score = started ? `${asText(m.home_score) || '0'} - ${asText(m.away_score) || '0'}` : 'VS';
  const side = (s: 'home' | 'away') => asText(m[`${s}_short`]) || asText(m[`${s}_name`]);
  const onTeam = node.on?.team
    ? (s: 'home' | 'away', id: unknown) => void emit('team', { result: s, item: { id } })
    : undefined;
  return (
    <>
      {collapsed ? (
        // the same facts as the header, which stays in the page: hidden from screen readers
        <div className="gf-mh-bar" data-testid="match-bar" aria-hidden="true">
          <span className="gf-mh-bar__team">
            {side('home')}
            <Crest name={side('home')} color={asText(m.home_color)} size={26} />
          </span>
          <span className="gf-mh-bar__centre">
            <b>{score}</b>
            <small>{minute ? `${minute}'` : label}</small>
          </span>
          <span className="gf-mh-bar__team gf-mh-bar__team--away">
            <Crest name={side('away')} color={asText(m.away_color)} size={26} />
            {side('away')}
          </span>
        </div>
      ) : null}
      <header ref={ref} className="gf-mh" data-status={String(status)} {...pressableProps(node, emit)}>
        <div className="gf-mh__meta">
          <span className="gf-mh__league" style={{ background: asText(m.league_color) || '#3a4256' }}>
            {asText(m.league_short) || asText(m.league_name)}
          </span>
          {asText(m.round) ? <span>{t('match.header.round', { round: asText(m.round) })}</span> : null}
          <span>{kickOff(m)}</span>
        </div>
        <div className="gf-mh__main">
          <Team m={m} side="home" onTeam={onTeam} />
          <div className="gf-mh__centre">
            {started ? (
              <div className="gf-mh__score" aria-live="polite" data-testid="match-score">
                <span>{asText(m.home_score) || '0'}</span>
                <i>-</i>
                <span>{asText(m.away_score) || '0'}</span>
              </div>
            ) : (
              <div className="gf-mh__vs">VS</div>
            )}
            <div
              className={`gf-mh__status gf-mh__status--${entry?.color ?? 'default'}`}
              data-testid="match-status"
            >
              {minute ? (
                <span className="gf-mh__minute" data-testid="match-minute">
                  {minute}
                  <b className="gf-mh__tick">'</b>
                </span>
              ) : (
                label
              )}
            </div>
            {hasHalf ? (
              <div className="gf-mh__half">
                {t('match.header.half', {
                  score: `${asText(m.home_half_score)}-${asText(m.away_half_score)}`,
                })}
              </div>
            ) : null}
            {m.home_pen_score !== null && m.home_pen_score !== undefined ? (
              <div className="gf-mh__half">
                {t('match.header.pens', { score: `${asText(m.home_pen_score)}-${asText(m.away_pen_score)}` })}
              </div>
            ) : null}
          </div>
          <Team m={m} side="away" onTeam={onTeam} />
        </div>
      </header>
    </>
  );
}
