/**
 * What the animated pitch shows for the latest events. Pure, so the mapping from §4 event codes to
 * animations is testable without a browser. Coordinates: x 0-100 from the home goal to the away goal,
 * y 0-100 across; home attacks to the right.
 */
import { EV } from '../../../contracts/match';
import { GOAL_CODES, type MatchEvent } from '../event-timeline/codes';

export type Effect =
  | 'attack'
  | 'danger'
  | 'corner'
  | 'free-kick'
  | 'shot'
  | 'goal'
  | 'card'
  | 'sub'
  | 'possession'
  | 'none';

export interface Scene {
  /** the event the pitch is showing (its id keys the CSS animations, so each new one replays) */
  event: MatchEvent | null;
  effect: Effect;
  ball: { x: number; y: number };
  /** 1 home, 2 away, 0 nobody: which half is shaded as in possession */
  possession: 0 | 1 | 2;
  /** an overlay banner (goal, card, substitution) */
  banner: MatchEvent | null;
}

const EFFECT: Record<number, Effect> = {
  [EV.ATTACK]: 'attack',
  [EV.DANGER]: 'danger',
  [EV.CORNER]: 'corner',
  [EV.FREE_KICK]: 'free-kick',
  [EV.SHOT_ON]: 'shot',
  [EV.SHOT_OFF]: 'shot',
  [EV.PEN_MISS]: 'shot',
  [EV.SHOOTOUT_MISS]: 'shot',
  [EV.OFFSIDE]: 'free-kick',
  [EV.POSSESSION]: 'possession',
  [EV.YELLOW]: 'card',
  [EV.SECOND_YELLOW]: 'card',
  [EV.RED]: 'card',
  [EV.INJURY_SUB]: 'sub',
  [EV.SUB]: 'sub',
};

const has = (v: unknown) => v !== null && v !== undefined && Number.isFinite(Number(v));

/** Default ball spot per effect, for the home side (mirrored for away) when the feed sends no x/y. */
function defaultSpot(effect: Effect, e: MatchEvent): { x: number; y: number } {
  const y = has(e.y) ? Number(e.y) : 50;
  switch (effect) {
    case 'attack':
      return { x: 72, y };
    case 'danger':
      return { x: 86, y };
    case 'corner':
      return { x: 100, y: (e.seq ?? 0) % 2 ? 0 : 100 };
    case 'free-kick':
      return { x: 68, y };
    case 'shot':
      return { x: 88, y };
    case 'goal':
      return { x: 100, y: 50 };
    case 'possession':
      return { x: 58, y };
    default:
      return { x: 50, y: 50 };
  }
}

export function effectOf(code: number): Effect {
  if (GOAL_CODES.includes(code) || code === EV.OWN_GOAL) return 'goal';
  return EFFECT[code] ?? 'none';
}

/** The side that attacks on the play: an own goal (2) counts for the other team. */
const attackingSide = (e: MatchEvent) => (e.code === EV.OWN_GOAL ? (e.side === 1 ? 2 : 1) : e.side);

export function buildScene(events: MatchEvent[]): Scene {
  const sorted = [...events].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  let play: MatchEvent | null = null;
  let effect: Effect = 'none';
  let banner: MatchEvent | null = null;
  let possession: 0 | 1 | 2 = 0;
  for (const e of sorted) {
    const fx = effectOf(Number(e.code));
    if (fx === 'none') continue;
    // goals, cards and substitutions get a banner (the widget fades it out after a few seconds)
    if (fx === 'goal' || fx === 'card' || fx === 'sub') banner = e;
    // a booking or a change stops play where it is: the ball stays with the last play
    if (fx === 'card' || fx === 'sub') continue;
    play = e;
    effect = fx;
    const side = attackingSide(e);
    if (side === 1 || side === 2) possession = side;
  }
  // a banner belongs to the moment: once several plays have followed it, it no longer shows
  if (banner && sorted.filter((e) => (e.seq ?? 0) > (banner?.seq ?? 0)).length > 4) banner = null;
  let ball = { x: 50, y: 50 };
  if (play) {
    const side = attackingSide(play);
    if (has(play.x) && has(play.y)) ball = { x: Number(play.x), y: Number(play.y) };
    else {
      const spot = defaultSpot(effect, play);
      ball = side === 2 ? { x: 100 - spot.x, y: spot.y } : spot;
    }
  }
  return { event: play, effect, ball, possession, banner };
}
