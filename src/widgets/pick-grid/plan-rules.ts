/**
 * The spec §5 plan rules the publish form checks before sending (the server checks them again from the
 * same screens/rules.json limits). Answers the error code whose `errors.<code>` text explains it, so the
 * client shows the very message the server would answer.
 */
export interface PlanDraft {
  lottery?: string;
  play_type?: string;
  mode?: 'single' | 'combo';
  match_ids?: number[];
  picks?: Record<string, string[]>;
}

export interface PlanRuleValues {
  comboMatchesMin: number;
  comboMatchesMax: number;
  pickNineCount: number;
  fourteenMatchCount: number;
  doublePickOddsMin: number;
  halfFullPicksMax: number;
}

export const PLAY_TYPES: Record<string, string[]> = {
  jczq: ['spf', 'rqspf', 'bqc', 'zjq', 'bf'],
  bjdc: ['sf'],
  ctzc: ['sfc14', 'rx9'],
};

/** The matches step: how many matches the play needs. */
export function checkMatches(d: PlanDraft, r: PlanRuleValues): number | null {
  const n = d.match_ids?.length ?? 0;
  if (n === 0) return 130102;
  if (d.play_type === 'sfc14' && n !== r.fourteenMatchCount) return 130109;
  if (d.play_type === 'rx9' && n !== r.pickNineCount) return 130110;
  if (
    d.lottery !== 'ctzc' &&
    (d.mode === 'combo' || n > 1) &&
    (n < r.comboMatchesMin || n > r.comboMatchesMax)
  )
    return 130108;
  return null;
}

/** The picks step: a pick on every match, choice limits, double-pick odds. */
export function checkPicks(
  d: PlanDraft,
  odds: Record<string, Record<string, number>>,
  r: PlanRuleValues,
): number | null {
  const m = checkMatches(d, r);
  if (m) return m;
  for (const id of d.match_ids ?? []) {
    const picks = d.picks?.[String(id)] ?? [];
    if (picks.length === 0) return 130103;
    if (d.play_type === 'bqc' && picks.length > r.halfFullPicksMax) return 130106;
    if ((d.play_type === 'spf' || d.play_type === 'rqspf') && picks.length > 2) return 130115;
    if (d.play_type === 'sf' && picks.length > 1) return 130115;
    if ((d.play_type === 'zjq' || d.play_type === 'bf') && picks.length > r.halfFullPicksMax) return 130115;
    if ((d.play_type === 'spf' || d.play_type === 'rqspf') && picks.length === 2) {
      const table = odds[String(id)] ?? {};
      if (picks.some((p) => (table[p] ?? 0) < r.doublePickOddsMin)) return 130107;
    }
  }
  return null;
}
