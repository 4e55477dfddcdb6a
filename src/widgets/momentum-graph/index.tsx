import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asEvents } from '../event-timeline/codes';
import { asNumber, asText } from '../shared/css';
import { sideColors } from '../shared/team-color';
import { computeMomentum, momentumPath } from './momentum';
import './momentum-graph.css';

export interface MomentumGraphProps {
  events?: unknown;
  /** current minute: the graph is drawn up to here */
  minute?: unknown;
  homeColor?: unknown;
  awayColor?: unknown;
  homeName?: unknown;
  awayName?: unknown;
}

const W = 360;
const H = 120;

export default function MomentumGraphWidget({ props }: WidgetProps<MomentumGraphProps>) {
  const { t } = useTranslation();
  const id = `gfm${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const events = asEvents(props.events);
  const lastMinute = events.reduce((m, e) => Math.max(m, e.minute ?? 0), 0);
  const length = Math.max(90, lastMinute);
  const upTo = Math.min(length, Math.max(asNumber(props.minute, 0), lastMinute));
  const values = useMemo(() => computeMomentum(events, length), [events, length]);
  const path = momentumPath(values, W, H, upTo);
  const [home, away] = sideColors(props.homeColor, props.awayColor, '#f6f8fb');
  const x = (m: number) => (m / length) * W;
  return (
    <figure className="gf-momentum">
      <figcaption className="gf-momentum__legend">
        <span>
          <i style={{ background: home }} />
          {asText(props.homeName)}
        </span>
        <strong>{t('match.momentum.title')}</strong>
        <span>
          {asText(props.awayName)}
          <i style={{ background: away }} />
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="gf-momentum__svg"
        role="img"
        aria-label={t('match.momentum.title')}
      >
        <defs>
          <clipPath id={`${id}-top`}>
            <rect x="0" y="0" width={W} height={H / 2} />
          </clipPath>
          <clipPath id={`${id}-bottom`}>
            <rect x="0" y={H / 2} width={W} height={H / 2} />
          </clipPath>
        </defs>
        <rect x="0" y="0" width={W} height={H} fill="#f6f8fb" rx="6" />
        {[45, 90].map((m) => (
          <line key={m} x1={x(m)} x2={x(m)} y1="4" y2={H - 4} stroke="#cfd5df" strokeDasharray="3 3" />
        ))}
        {path ? (
          <>
            <path d={path} fill={home} fillOpacity="0.85" clipPath={`url(#${id}-top)`} data-side="home" />
            <path d={path} fill={away} fillOpacity="0.85" clipPath={`url(#${id}-bottom)`} data-side="away" />
          </>
        ) : null}
        <line x1="0" x2={W} y1={H / 2} y2={H / 2} stroke="#8a93a3" strokeWidth="1" />
        {[0, 15, 30, 45, 60, 75, 90].map((m) => (
          <text
            key={m}
            x={Math.min(W - 8, Math.max(6, x(m)))}
            y={H - 3}
            fontSize="9"
            fill="#6b7380"
            textAnchor="middle"
          >
            {m}
          </text>
        ))}
      </svg>
    </figure>
  );
}
