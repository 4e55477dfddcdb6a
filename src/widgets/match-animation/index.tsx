/**
 * The live match animation: an SVG pitch driven by the newest events. The ball glides (CSS transition)
 * to where the play is; attacks draw a team-coloured arrow, dangerous attacks pulse near the box,
 * corners put the ball at the flag, goals flash the net with a GOAL banner, cards and substitutions
 * show a banner with the player. Loaded only on /match/animation/live (its own chunk).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asEvents, iconOf, type MatchEvent, minuteText } from '../event-timeline/codes';
import { EventIconSvg } from '../event-timeline/EventIconSvg';
import { isTicking, liveMinute, useClock } from '../match-card/live-minute';
import { asText } from '../shared/css';
import { whoLabel } from '../shared/player-label';
import { buildScene, type Scene } from './scene';
import './match-animation.css';

export interface MatchAnimationProps {
  match?: unknown;
  events?: unknown;
}

type M = Record<string, unknown>;
const W = 400;
const H = 260;
const P = 12;
const px = (x: number) => P + (Math.min(100, Math.max(0, x)) / 100) * (W - 2 * P);
const py = (y: number) => P + (Math.min(100, Math.max(0, y)) / 100) * (H - 2 * P);

function PitchLines() {
  const l = { fill: 'none', stroke: 'rgba(255,255,255,0.7)', strokeWidth: 1.5 };
  const boxH = (H - 2 * P) * 0.6;
  const boxW = (W - 2 * P) * 0.157;
  const smallH = (H - 2 * P) * 0.27;
  const smallW = (W - 2 * P) * 0.052;
  return (
    <g>
      {Array.from({ length: 10 }, (_, i) => (
        <rect key={i} x={(i * W) / 10} y="0" width={W / 10} height={H} fill={i % 2 ? '#2f8f46' : '#37a04f'} />
      ))}
      <rect x={P} y={P} width={W - 2 * P} height={H - 2 * P} {...l} />
      <line x1={W / 2} x2={W / 2} y1={P} y2={H - P} {...l} />
      <circle cx={W / 2} cy={H / 2} r="30" {...l} />
      <rect x={P} y={(H - boxH) / 2} width={boxW} height={boxH} {...l} />
      <rect x={W - P - boxW} y={(H - boxH) / 2} width={boxW} height={boxH} {...l} />
      <rect x={P} y={(H - smallH) / 2} width={smallW} height={smallH} {...l} />
      <rect x={W - P - smallW} y={(H - smallH) / 2} width={smallW} height={smallH} {...l} />
    </g>
  );
}

function Effects({ scene, color }: { scene: Scene; color: string }) {
  const { event, effect, ball } = scene;
  if (!event) return null;
  const dir = scene.possession === 2 ? -1 : 1;
  const bx = px(ball.x);
  const by = py(ball.y);
  const key = String(event.id ?? event.seq);
  switch (effect) {
    case 'attack': {
      const fromX = px(ball.x - dir * 22);
      return (
        <g key={key} className="gf-anim__fx gf-anim__fx--attack" data-effect="attack">
          <line
            x1={fromX}
            y1={by}
            x2={bx - dir * 8}
            y2={by}
            stroke={color}
            strokeWidth="5"
            strokeLinecap="round"
          />
          <path d={`M${bx - dir * 12} ${by - 8} L${bx} ${by} L${bx - dir * 12} ${by + 8}`} fill={color} />
        </g>
      );
    }
    case 'danger':
      return (
        <g key={key} className="gf-anim__fx" data-effect="danger">
          <circle className="gf-anim__pulse" cx={px(dir === 1 ? 86 : 14)} cy={H / 2} r="34" fill={color} />
        </g>
      );
    case 'corner':
      return (
        <g key={key} className="gf-anim__fx" data-effect="corner">
          <circle className="gf-anim__pulse" cx={bx} cy={by} r="18" fill={color} />
          <path d={`M${bx} ${by} v-16 l10 4 l-10 4`} fill="#ff7a00" stroke="#fff" strokeWidth="1" />
        </g>
      );
    case 'free-kick':
      return (
        <g key={key} className="gf-anim__fx" data-effect="free-kick">
          <path
            className="gf-anim__dash"
            d={`M${bx} ${by} Q${bx + dir * 30} ${by - 40} ${px(dir === 1 ? 96 : 4)} ${H / 2}`}
            fill="none"
            stroke="#fff"
            strokeWidth="2"
            strokeDasharray="5 5"
          />
        </g>
      );
    case 'shot':
      return (
        <g key={key} className="gf-anim__fx" data-effect="shot">
          <line
            className="gf-anim__dash"
            x1={bx}
            y1={by}
            x2={px(dir === 1 ? 100 : 0)}
            y2={H / 2 + (event.code === 11 ? 0 : 30)}
            stroke="#fff"
            strokeWidth="2.5"
            strokeDasharray="6 4"
          />
        </g>
      );
    case 'goal':
      return (
        <g key={key} className="gf-anim__fx" data-effect="goal">
          <rect
            className="gf-anim__net"
            x={dir === 1 ? W - P - 2 : P - 8}
            y={H / 2 - 22}
            width="10"
            height="44"
            fill="#fff"
          />
        </g>
      );
    default:
      return null;
  }
}

function Banner({ e, m }: { e: MatchEvent; m: M }) {
  const { t } = useTranslation();
  const icon = iconOf(e.code);
  const team = asText(e.side === 1 ? m.home_name : e.side === 2 ? m.away_name : '');
  const goal = icon === 'goal' || icon === 'own-goal' || (icon === 'penalty' && e.code !== 4);
  return (
    <div className={`gf-anim__banner${goal ? ' gf-anim__banner--goal' : ''}`} data-code={e.code}>
      {goal ? (
        <>
          <strong>{t('match.anim.goal')}</strong>
          <span>
            {team} {whoLabel(t, e.player_name, e.player_unnamed)}
          </span>
          <span className="gf-anim__banner-score">
            {asText(e.home_score ?? m.home_score)} - {asText(e.away_score ?? m.away_score)}
          </span>
        </>
      ) : (
        <>
          <EventIconSvg icon={icon} size={22} />
          <span>
            {t(`match.event.${e.code}`)} · {team}
          </span>
          <span>
            {[
              whoLabel(t, e.player_name, e.player_unnamed),
              whoLabel(t, e.related_player_name, e.related_player_unnamed),
            ]
              .filter(Boolean)
              .join(e.code >= 25 ? ' ⇄ ' : ' ')}
          </span>
        </>
      )}
    </div>
  );
}

export default function MatchAnimationWidget({ props }: WidgetProps<MatchAnimationProps>) {
  const { t } = useTranslation();
  const m = (props.match && typeof props.match === 'object' ? props.match : {}) as M;
  const events = asEvents(props.events);
  const scene = useMemo(() => buildScene(events), [events]);
  const now = useClock(isTicking(Number(m.status)));
  const minute = liveMinute(m, now);
  const home = asText(m.home_color) || '#e53935';
  const away = asText(m.away_color) || '#1677ff';
  const color = scene.possession === 2 ? away : home;
  const e = scene.event;
  const latest = [...events].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).at(-1);
  const caption = latest
    ? `${minuteText(latest)} ${t(`match.event.${latest.code}`)}${
        latest.side === 1 ? ` · ${asText(m.home_name)}` : latest.side === 2 ? ` · ${asText(m.away_name)}` : ''
      }${latest.player_name ? ` · ${latest.player_name}` : ''}`
    : t('match.anim.waiting');
  return (
    <section className="gf-anim" aria-label={t('match.anim.title')}>
      <div className="gf-anim__top">
        <span className="gf-anim__team">
          <i style={{ background: home }} />
          {asText(m.home_short) || asText(m.home_name)}
        </span>
        <span className="gf-anim__score" data-testid="anim-score">
          {asText(m.home_score) || '0'} - {asText(m.away_score) || '0'}
        </span>
        <span className="gf-anim__team">
          {asText(m.away_short) || asText(m.away_name)}
          <i style={{ background: away }} />
        </span>
      </div>
      <div className="gf-anim__minute" data-testid="anim-minute">
        {minute ? `${minute}'` : ''}
      </div>
      <div className="gf-anim__stage">
        <svg viewBox={`0 0 ${W} ${H}`} className="gf-anim__pitch" role="img" aria-label={caption}>
          <PitchLines />
          {scene.possession ? (
            <rect
              className="gf-anim__possession"
              data-side={scene.possession}
              x={scene.possession === 1 ? W / 2 : 0}
              y="0"
              width={W / 2}
              height={H}
              fill={color}
            />
          ) : null}
          <Effects scene={scene} color={color} />
          <g
            className="gf-anim__ball"
            data-effect={scene.effect}
            data-code={e?.code}
            style={{ transform: `translate(${px(scene.ball.x)}px, ${py(scene.ball.y)}px)` }}
          >
            <circle r="6" fill="#fff" stroke="#222" strokeWidth="1.2" />
            <circle r="2.2" fill="#222" />
          </g>
        </svg>
        {scene.banner ? (
          <Banner key={String(scene.banner.id ?? scene.banner.seq)} e={scene.banner} m={m} />
        ) : null}
      </div>
      <p className="gf-anim__caption" aria-live="polite" data-testid="anim-caption">
        {caption}
      </p>
    </section>
  );
}
