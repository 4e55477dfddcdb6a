/**
 * Spec §4 live event codes -> the icon drawn for them and the i18n key of their name. Shared by the
 * timeline and the match animation, so a code looks the same everywhere.
 */
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

export const EVENT_ICON: Readonly<Record<number, EventIcon>> = {
  1: 'goal',
  2: 'own-goal',
  3: 'penalty',
  4: 'penalty-miss',
  6: 'corner',
  7: 'free-kick',
  9: 'offside',
  11: 'shot-on',
  12: 'shot-off',
  13: 'attack',
  14: 'danger',
  15: 'possession',
  20: 'yellow',
  21: 'second-yellow',
  22: 'red',
  25: 'sub',
  26: 'sub',
  30: 'penalty',
  31: 'penalty-miss',
  35: 'clock',
  40: 'whistle',
  41: 'whistle',
  42: 'whistle',
  43: 'whistle',
  44: 'whistle',
  65: 'var',
  66: 'text',
};

/** Every code of spec §4 (the locale files hold `match.event.<code>` for each). */
export const EVENT_CODES = Object.keys(EVENT_ICON).map(Number);

/** Codes that happen dozens of times a match: the timeline leaves them to the graph and the animation. */
export const BUSY_CODES: readonly number[] = [13, 14, 15];

export const GOAL_CODES: readonly number[] = [1, 2, 3, 30];

export const iconOf = (code: unknown): EventIcon => EVENT_ICON[Number(code)] ?? 'text';

export interface MatchEvent {
  id?: number | string;
  seq?: number;
  code: number;
  minute?: number;
  added_minute?: number;
  side?: number;
  player_name?: string | null;
  related_player_name?: string | null;
  home_score?: number | null;
  away_score?: number | null;
  x?: number | null;
  y?: number | null;
  text?: string | null;
}

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
