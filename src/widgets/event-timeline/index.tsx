import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import { whoLabel } from '../shared/player-label';
import { asEvents, BUSY_CODES, GOAL_CODES, iconOf, isKeyEvent, type MatchEvent, minuteText } from './codes';
import { EventIconSvg } from './EventIconSvg';
import './event-timeline.css';

export interface EventTimelineProps {
  events?: unknown;
  /** codes left out (default: attacks, dangerous attacks, possession - the graph shows those) */
  hideCodes?: unknown;
  /** newest first (default) or oldest first */
  order?: 'newest' | 'oldest';
  limit?: number;
  emptyText?: unknown;
  /** 'key' (default): goals, cards, substitutions, VAR, penalties, whistles, with a toggle to all; 'all' */
  filter?: 'key' | 'all';
}

const sortKey = (e: MatchEvent) => (e.seq ?? 0) || (e.minute ?? 0) * 100 + (e.added_minute ?? 0);

/** Who and what: the player line under the event name ("A 🠖 B" for substitutions). */
function detail(t: TFunction, e: MatchEvent): string {
  // an unnamed squad slot reads as number and position ("7號 · 前鋒")
  const who = whoLabel(t, e.player_name, e.player_unnamed);
  const other = whoLabel(t, e.related_player_name, e.related_player_unnamed);
  if (e.code === 25 || e.code === 26) return [who, other].filter(Boolean).join(' ⇄ ');
  if (GOAL_CODES.includes(e.code) && e.home_score != null) {
    return `${who}${other ? ` (${other})` : ''} ${e.home_score}-${e.away_score}`.trim();
  }
  return who || asText(e.text);
}

export default function EventTimelineWidget({ props }: WidgetProps<EventTimelineProps>) {
  const { t } = useTranslation();
  const hide = Array.isArray(props.hideCodes) ? props.hideCodes.map(Number) : BUSY_CODES;
  const limit = asNumber(props.limit, 0);
  const [showAll, setShowAll] = useState(props.filter === 'all');
  const shown = asEvents(props.events).filter((e) => !hide.includes(Number(e.code)));
  const minor = shown.filter((e) => !isKeyEvent(e.code)).length;
  let events = showAll ? shown : shown.filter((e) => isKeyEvent(e.code));
  events = [...events].sort((a, b) => sortKey(a) - sortKey(b));
  if (props.order !== 'oldest') events.reverse();
  if (limit > 0) events = events.slice(0, limit);

  const toggle =
    minor > 0 ? (
      <button
        type="button"
        className="gf-timeline__toggle"
        aria-pressed={showAll}
        onClick={() => setShowAll(!showAll)}
      >
        {showAll ? t('match.timeline.keyOnly') : t('match.timeline.showAll', { n: minor })}
      </button>
    ) : null;
  if (!events.length) {
    return (
      <>
        {toggle}
        <p className="gf-timeline__empty">{asText(props.emptyText) || t('match.timeline.empty')}</p>
      </>
    );
  }
  return (
    <>
      {toggle}
      <ol className="gf-timeline" aria-label={t('match.timeline.title')}>
        {events.map((e, i) => {
          const icon = iconOf(e.code);
          const name = t(`match.event.${e.code}`, { defaultValue: t('match.event.66') });
          const side = e.side === 1 ? 'home' : e.side === 2 ? 'away' : 'neutral';
          const goal = GOAL_CODES.includes(Number(e.code));
          return (
            <li
              key={String(e.id ?? `${e.seq}-${i}`)}
              className={`gf-timeline__row gf-timeline__row--${side}${goal ? ' gf-timeline__row--goal' : ''}`}
              data-code={e.code}
              data-seq={e.seq}
            >
              <div className="gf-timeline__cell gf-timeline__cell--home">
                {side === 'home' ? <EventBody icon={icon} name={name} detail={detail(t, e)} /> : null}
              </div>
              <div className="gf-timeline__axis">
                <span className="gf-timeline__minute">{minuteText(e)}</span>
              </div>
              <div className="gf-timeline__cell gf-timeline__cell--away">
                {side === 'away' ? <EventBody icon={icon} name={name} detail={detail(t, e)} /> : null}
                {side === 'neutral' ? <EventBody icon={icon} name={name} detail={asText(e.text)} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function EventBody({
  icon,
  name,
  detail,
}: {
  icon: ReturnType<typeof iconOf>;
  name: string;
  detail: string;
}) {
  return (
    <div className="gf-timeline__event">
      <EventIconSvg icon={icon} label={name} />
      <div className="gf-timeline__text">
        <span className="gf-timeline__name">{name}</span>
        {detail ? <span className="gf-timeline__detail">{detail}</span> : null}
      </div>
    </div>
  );
}
