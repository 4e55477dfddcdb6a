/**
 * Spec §4 live event codes -> the icon drawn for them and the i18n key of their name. Shared by the
 * timeline and the match animation, so a code looks the same everywhere. The codes and the event's
 * shape are the server's (contracts/match.ts).
 */
import { EV, type EventCode, type MatchEventWire } from '../../../contracts/match';

export type EventIcon =
  | 'goal'
  | 'own-goal'
  | 'penalty'
  | 'penalty-miss'
  | 'corner'
  | 'free-kick'
  | 'offside'
  | 'shot-on'
  | 'shot-off'
  | 'attack'
  | 'danger'
  | 'possession'
  | 'yellow'
  | 'second-yellow'
  | 'red'
  | 'sub'
  | 'whistle'
  | 'clock'
  | 'var'
  | 'text';

export const EVENT_ICON: Readonly<Record<EventCode, EventIcon>> = {
  [EV.GOAL]: 'goal',
  [EV.OWN_GOAL]: 'own-goal',
  [EV.PEN_GOAL]: 'penalty',
  [EV.PEN_MISS]: 'penalty-miss',
  [EV.CORNER]: 'corner',
  [EV.FREE_KICK]: 'free-kick',
  [EV.OFFSIDE]: 'offside',
  [EV.SHOT_ON]: 'shot-on',
  [EV.SHOT_OFF]: 'shot-off',
  [EV.ATTACK]: 'attack',
  [EV.DANGER]: 'danger',
  [EV.POSSESSION]: 'possession',
  [EV.YELLOW]: 'yellow',
  [EV.SECOND_YELLOW]: 'second-yellow',
  [EV.RED]: 'red',
  [EV.INJURY_SUB]: 'sub',
  [EV.SUB]: 'sub',
  [EV.SHOOTOUT_GOAL]: 'penalty',
  [EV.SHOOTOUT_MISS]: 'penalty-miss',
  [EV.INJURY_TIME]: 'clock',
  [EV.START]: 'whistle',
  [EV.HALF_TIME]: 'whistle',
  [EV.END]: 'whistle',
  [EV.ET_END]: 'whistle',
  [EV.SHOOTOUT_START]: 'whistle',
  [EV.VAR]: 'var',
  [EV.TEXT]: 'text',
};

/** Every code of spec §4 (the locale files hold `match.event.<code>` for each). */
export { EVENT_CODES } from '../../../contracts/match';

/** Codes that happen dozens of times a match: the timeline leaves them to the graph and the animation. */
export const BUSY_CODES: readonly number[] = [EV.ATTACK, EV.DANGER, EV.POSSESSION];

/**
 * What a fan scans the timeline for: goals, penalties, cards, substitutions, VAR and video decisions
 * (spec §4 codes 50-57) and the whistles that frame the periods. Corners, free kicks, offsides and shots
 * (dozens a match) show only when the viewer asks for every event.
 */
const KEY_CODES: ReadonlySet<number> = new Set([
  EV.GOAL,
  EV.OWN_GOAL,
  EV.PEN_GOAL,
  EV.PEN_MISS,
  EV.YELLOW,
  EV.SECOND_YELLOW,
  EV.RED,
  EV.INJURY_SUB,
  EV.SUB,
  EV.SHOOTOUT_GOAL,
  EV.SHOOTOUT_MISS,
  EV.START,
  EV.HALF_TIME,
  EV.END,
  EV.ET_END,
  EV.SHOOTOUT_START,
  EV.VAR,
]);

export const isKeyEvent = (code: unknown): boolean => {
  const c = Number(code);
  return KEY_CODES.has(c) || (c >= 50 && c <= 57);
};

export const GOAL_CODES: readonly number[] = [EV.GOAL, EV.OWN_GOAL, EV.PEN_GOAL, EV.SHOOTOUT_GOAL];

export const iconOf = (code: unknown): EventIcon => EVENT_ICON[Number(code) as EventCode] ?? 'text';

/** What the widgets read of an event: props come from expressions, so all but the code may be missing. */
export type MatchEvent = Partial<MatchEventWire> & { code: number };

/**
 * Props carry arrays from expressions: keep only objects that look like events, once per `seq` (a pushed
 * event and the same event from a later REST read may carry different ids, but never different seqs).
 */
export function asEvents(value: unknown): MatchEvent[] {
  if (!Array.isArray(value)) {
    const list = (value as { list?: unknown } | null)?.list;
    return Array.isArray(list) ? asEvents(list) : [];
  }
  const seen = new Set<number>();
  return value.filter((e): e is MatchEvent => {
    if (!e || typeof e !== 'object' || !Number.isFinite(Number((e as MatchEvent).code))) return false;
    const seq = (e as MatchEvent).seq;
    if (typeof seq !== 'number') return true;
    if (seen.has(seq)) return false;
    seen.add(seq);
    return true;
  });
}

export const minuteText = (e: { minute?: number; added_minute?: number }) =>
  `${e.minute ?? 0}${e.added_minute ? `+${e.added_minute}` : ''}'`;
