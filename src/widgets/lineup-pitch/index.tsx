import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { Crest } from '../shared/crest';
import { asText } from '../shared/css';
import { positionLabel, unnamedLabel } from '../shared/player-label';
import { readableColor, textOn } from '../shared/team-color';
import { type Player, placePlayers, shortName } from './layout';
import './lineup-pitch.css';

export interface LineupPitchProps {
  /** {formation, starters: [...], bench: [...], coach|coach_name} */
  team?: unknown;
  teamName?: unknown;
  /** short name for the crest (default: teamName) */
  teamShort?: unknown;
  color?: unknown;
}

const W = 340;
const H = 260;
const PAD = 8;
const nameOf = (p: Player) => asText(p.name ?? p.player_name);
/** An unnamed squad slot (no real name on file): shown by number and position only. */
const isUnnamed = (p: Player) => p.unnamed === true;

/** A half pitch seen from behind the own goal: the goal at the bottom, attacking up. */
function Pitch() {
  const w = W - 2 * PAD;
  const h = H - 2 * PAD;
  const boxW = w * 0.59;
  const boxH = h * 0.31;
  const smallW = w * 0.27;
  const smallH = h * 0.105;
  const line = { fill: 'none', stroke: 'rgba(255,255,255,0.75)', strokeWidth: 1.5 };
  return (
    <g>
      {Array.from({ length: 6 }, (_, i) => (
        <rect key={i} x="0" y={(i * H) / 6} width={W} height={H / 6} fill={i % 2 ? '#2f8f46' : '#35994c'} />
      ))}
      <rect x={PAD} y={PAD} width={w} height={h} {...line} />
      <path d={`M${W / 2 - 46} ${PAD} A46 46 0 0 0 ${W / 2 + 46} ${PAD}`} {...line} />
      <rect x={(W - boxW) / 2} y={H - PAD - boxH} width={boxW} height={boxH} {...line} />
      <rect x={(W - smallW) / 2} y={H - PAD - smallH} width={smallW} height={smallH} {...line} />
      <path d={`M${W / 2 - 34} ${H - PAD - boxH} A46 46 0 0 1 ${W / 2 + 34} ${H - PAD - boxH}`} {...line} />
      <circle cx={W / 2} cy={H - PAD - h * 0.21} r="2" fill="rgba(255,255,255,0.8)" />
    </g>
  );
}

/** a player with a page (named, with an id) when the node binds on.player */
const idOf = (p: Player) =>
  (p as { player_id?: unknown; person_id?: unknown }).player_id ?? (p as { person_id?: unknown }).person_id;

export default function LineupPitchWidget({ node, props, emit }: WidgetProps<LineupPitchProps>) {
  const { t } = useTranslation();
  const team = (props.team && typeof props.team === 'object' ? props.team : {}) as Record<string, unknown>;
  const starters = (Array.isArray(team.starters) ? team.starters : []).filter(
    (p) => p && typeof p === 'object',
  ) as Player[];
  const bench = (Array.isArray(team.bench) ? team.bench : []).filter(
    (p) => p && typeof p === 'object',
  ) as Player[];
  const coach = asText(team.coach_name ?? team.coach);
  const kit = asText(props.color) || '#e53935';
  // shirts on the green pitch, numbers on the white bench list: each must stand out from its ground
  const color = readableColor(kit, '#35994c');
  const benchColor = readableColor(kit, '#ffffff');
  const placed = placePlayers(starters, team.formation);
  const anyUnnamed = [...starters, ...bench].some(isUnnamed);
  if (!starters.length) return <p className="gf-lineup__empty">{t('match.lineup.empty')}</p>;
  const pressable = (p: Player) => !!node.on?.player && !isUnnamed(p) && idOf(p) != null;
  const open = (p: Player) => void emit('player', { item: { ...p, id: idOf(p) } });
  const keyOpen = (p: Player) => (e: { key: string; preventDefault(): void }) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(p);
    }
  };
  const sx = (across: number) => PAD + (across / 100) * (W - 2 * PAD);
  const sy = (depth: number) => H - PAD - 12 - (depth / 100) * (H - 2 * PAD - 30);
  return (
    <section className="gf-lineup">
      <header className="gf-lineup__head">
        <span className="gf-lineup__team">
          <Crest name={asText(props.teamShort) || asText(props.teamName)} color={kit} size={22} />
          {asText(props.teamName)}
        </span>
        <span className="gf-lineup__formation">{asText(team.formation)}</span>
      </header>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="gf-lineup__pitch"
        role="img"
        aria-label={`${asText(props.teamName)} ${asText(team.formation)}`}
      >
        <Pitch />
        {placed.map(({ player, depth, across }, i) => (
          <g
            key={`${player.number ?? ''}-${i}`}
            className={pressable(player) ? 'gf-lineup__player gf-lineup__player--press' : 'gf-lineup__player'}
            {...(pressable(player)
              ? {
                  role: 'link',
                  tabIndex: 0,
                  'aria-label': nameOf(player),
                  onClick: () => open(player),
                  onKeyDown: keyOpen(player),
                }
              : {})}
            transform={`translate(${sx(across).toFixed(1)} ${sy(depth).toFixed(1)})`}
          >
            <circle r="11" fill={color} stroke="#fff" strokeWidth="1.5" />
            <text y="4" textAnchor="middle" fontSize="11" fontWeight="700" fill={textOn(color)}>
              {player.number ?? ''}
            </text>
            {player.captain ? (
              <text x="11" y="-6" fontSize="8" fontWeight="700" fill="#ffd54f">
                C
              </text>
            ) : null}
            <text y="23" textAnchor="middle" fontSize="10" fill="#fff" className="gf-lineup__name">
              {isUnnamed(player) ? positionLabel(t, player.position) : shortName(nameOf(player))}
            </text>
          </g>
        ))}
      </svg>
      {anyUnnamed ? <p className="gf-lineup__note">{t('match.player.unnamedNote')}</p> : null}
      {coach ? (
        <p className="gf-lineup__coach">
          {t('match.lineup.coach')}: {coach}
        </p>
      ) : null}
      {bench.length ? (
        <div className="gf-lineup__bench">
          <h4>{t('match.lineup.bench')}</h4>
          <ul>
            {bench.map((p, i) => (
              <li key={`${p.number ?? ''}-${i}`}>
                <b style={{ background: benchColor, color: textOn(benchColor) }}>{p.number ?? ''}</b>
                {pressable(p) ? (
                  <button type="button" className="gf-lineup__link" onClick={() => open(p)}>
                    {nameOf(p)}
                  </button>
                ) : isUnnamed(p) ? (
                  unnamedLabel(t, p)
                ) : (
                  nameOf(p)
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
