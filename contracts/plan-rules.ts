/**
 * The spec §5 plan rules, written once: the publish form (pick-grid widget) runs them before sending
 * and the server's publish service runs them again on the request. Each answers the error code whose
 * `errors.<code>` text explains it (null: fine), so the form shows the very message the server would
 * answer. The limits come from the rules document (contracts/rules.ts, `planRules`).
 */
import { offersPlayType, optionsOf, type PlayType } from './play-types';
import type { PlanRules } from './rules';

/** The codes of screens/errors.json these rules answer. */
export const PLAN_CODE = {
  CONTENT_SHORT: 130101,
  NO_MATCH: 130102,
  NO_PICK: 130103,
  NO_TITLE: 130105,
  HALF_FULL_MAX: 130106,
  DOUBLE_ODDS: 130107,
  COMBO_RANGE: 130108,
  FOURTEEN: 130109,
  PICK_NINE: 130110,
  STAKE_MAX: 130111,
  BAD_PICK: 130115,
  PLAY_TYPE: 130116,
  TITLE_LONG: 130119,
} as const;

/** A plan being published, as far as the match and pick rules need it. */
export interface PlanDraft {
  lottery?: string;
  play_type?: string;
  mode?: 'single' | 'combo';
  match_ids?: number[];
  /** picks per match id */
  picks?: Record<string, string[]>;
}

/** The 14-match lottery is one combination by nature; elsewhere more than one match makes a combo. */
export function planMode(d: Pick<PlanDraft, 'lottery' | 'mode'>, matchCount: number): 'single' | 'combo' {
  if (d.lottery === 'ctzc') return 'combo';
  return d.mode === 'combo' || matchCount > 1 ? 'combo' : 'single';
}

/** The matches step: how many matches the play needs. */
export function checkMatches(d: PlanDraft, r: PlanRules): number | null {
  const n = d.match_ids?.length ?? 0;
  if (n === 0) return PLAN_CODE.NO_MATCH;
  if (d.play_type === 'sfc14' && n !== r.fourteenMatchCount) return PLAN_CODE.FOURTEEN;
  if (d.play_type === 'rx9' && n !== r.pickNineCount) return PLAN_CODE.PICK_NINE;
  if (d.lottery !== 'ctzc' && planMode(d, n) === 'combo' && (n < r.comboMatchesMin || n > r.comboMatchesMax))
    return PLAN_CODE.COMBO_RANGE;
  return null;
}

const WIN_DRAW_LOSE: readonly string[] = ['spf', 'rqspf'];

/** How many options one match's picks may name for the play (a win/draw/lose double pick at most). */
export function checkPickCount(
  play: string | undefined,
  picks: readonly string[],
  r: PlanRules,
): number | null {
  if (picks.length === 0) return PLAN_CODE.NO_PICK;
  if (play === 'bqc' && picks.length > r.halfFullPicksMax) return PLAN_CODE.HALF_FULL_MAX;
  // win/draw/lose style picks: one or two (a double pick); all three would be no prediction
  if (play && WIN_DRAW_LOSE.includes(play) && picks.length > 2) return PLAN_CODE.BAD_PICK;
  if (play === 'sf' && picks.length > 1) return PLAN_CODE.BAD_PICK;
  if ((play === 'zjq' || play === 'bf') && picks.length > r.halfFullPicksMax) return PLAN_CODE.BAD_PICK;
  return null;
}

/** A double pick on win/draw/lose only pays when both options pay at least the minimum odds. */
export function checkDoublePickOdds(
  play: string | undefined,
  picks: readonly string[],
  odds: Readonly<Record<string, number | undefined>>,
  r: PlanRules,
): number | null {
  if (!play || !WIN_DRAW_LOSE.includes(play) || picks.length !== 2) return null;
  return picks.some((p) => (odds[p] ?? 0) < r.doublePickOddsMin) ? PLAN_CODE.DOUBLE_ODDS : null;
}

/** The picks step: the match rules, then on every match a pick within the limits and the odds minimum. */
export function checkPicks(
  d: PlanDraft,
  odds: Record<string, Record<string, number>>,
  r: PlanRules,
): number | null {
  return (
    checkMatches(d, r) ??
    firstCode(d.match_ids ?? [], (id) => {
      const picks = d.picks?.[String(id)] ?? [];
      return (
        checkPickCount(d.play_type, picks, r) ??
        checkDoublePickOdds(d.play_type, picks, odds[String(id)] ?? {}, r)
      );
    })
  );
}

/** A publish request as far as the rules go (the server adds price, issue and idempotency key). */
export interface PlanShape {
  lottery: string;
  play_type: string;
  mode?: 'single' | 'combo';
  matches: { match_id: number; picks: string[] }[];
  title: string;
  content: string;
  stake?: number;
}

/**
 * Every rule that needs nothing but the request and the limits, in the order the server answers them
 * (the odds minimum needs the recorded odds: checkDoublePickOdds, once they are known).
 */
export function checkPlan(p: PlanShape, r: PlanRules): number | null {
  const title = p.title.trim();
  if (!title) return PLAN_CODE.NO_TITLE;
  if ([...title].length > r.titleMax) return PLAN_CODE.TITLE_LONG;
  if (!offersPlayType(p.lottery, p.play_type)) return PLAN_CODE.PLAY_TYPE;
  const ids = p.matches.map((m) => m.match_id);
  if (ids.length === 0) return PLAN_CODE.NO_MATCH;
  if (new Set(ids).size !== ids.length) return PLAN_CODE.BAD_PICK;
  if (p.matches.some((m) => m.picks.length === 0)) return PLAN_CODE.NO_PICK;
  const options = optionsOf(p.play_type as PlayType);
  for (const m of p.matches) {
    if (new Set(m.picks).size !== m.picks.length || m.picks.some((o) => !options.includes(o)))
      return PLAN_CODE.BAD_PICK;
  }
  const draft = { lottery: p.lottery, play_type: p.play_type, mode: p.mode, match_ids: ids };
  const counts =
    checkMatches(draft, r) ?? firstCode(p.matches, (m) => checkPickCount(p.play_type, m.picks, r));
  if (counts) return counts;
  const mode = planMode(p, ids.length);
  if (p.stake !== undefined && p.stake > (mode === 'combo' ? r.stakeMaxHkdAltMode : r.stakeMaxHkd))
    return PLAN_CODE.STAKE_MAX;
  if ([...p.content.trim()].length < r.contentMin) return PLAN_CODE.CONTENT_SHORT;
  return null;
}

function firstCode<T>(items: readonly T[], check: (item: T) => number | null): number | null {
  for (const item of items) {
    const code = check(item);
    if (code) return code;
  }
  return null;
}
