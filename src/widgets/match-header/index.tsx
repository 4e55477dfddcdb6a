/**
 * The match detail header: league and round, kick-off time, both teams (colour badges, ranks), score,
 * half-time score and the status label from screens/status/match-status.json with a ticking minute.
 */
import { useTranslation } from 'react-i18next';
import statusMap from '../../../screens/status/match-status.json';
import type { WidgetProps } from '../../engine/contract';
import { HALF_TIME, isTicking, liveMinute, useClock } from '../match-card/live-minute';
import { asText } from '../shared/css';
import { pressableProps } from '../shared/press';
import { textOn } from './contrast';
import './match-header.css';

export interface MatchHeaderProps {
  match?: unknown;
}

type M = Record<string, unknown>;
const VALUES = statusMap.values as Record<string, { label: string; color?: string; group?: string }>;
const labelKey = (label: string) => label.replace(/^\$t:/, '');

function kickOff(m: M): string {
  const ms = Number(m.start_ms) || Date.parse(asText(m.start_time));
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function Team({ m, side }: { m: M; side: 'home' | 'away' }) {
  const { t } = useTranslation();
  const name = asText(m[`${side}_name`]);
  const short = asText(m[`${side}_short`]) || name;
  const color = asText(m[`${side}_color`]) || (side === 'home' ? '#e53935' : '#1677ff');
  const logo = asText(m[`${side}_logo`]);
  const rank = m[`${side}_rank`];
  return (
    <div className={`gf-mh__team gf-mh__team--${side}`}>
      <span className="gf-mh__badge" style={{ background: color, color: textOn(color) }} aria-hidden="true">
        {logo ? <img src={logo} alt="" /> : short.slice(0, 1)}
      </span>
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
  return (
    <header className="gf-mh" data-status={String(status)} {...pressableProps(node, emit)}>
      <div className="gf-mh__meta">
        <span className="gf-mh__league" style={{ background: asText(m.league_color) || '#3a4256' }}>
          {asText(m.league_short) || asText(m.league_name)}
        </span>
        {asText(m.round) ? <span>{t('match.header.round', { round: asText(m.round) })}</span> : null}
        <span>{kickOff(m)}</span>
      </div>
      <div className="gf-mh__main">
        <Team m={m} side="home" />
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
              {t('match.header.half', { score: `${asText(m.home_half_score)}-${asText(m.away_half_score)}` })}
            </div>
          ) : null}
          {m.home_pen_score !== null && m.home_pen_score !== undefined ? (
            <div className="gf-mh__half">
              {t('match.header.pens', { score: `${asText(m.home_pen_score)}-${asText(m.away_pen_score)}` })}
            </div>
          ) : null}
        </div>
        <Team m={m} side="away" />
      </div>
    </header>
  );
}
