/**
 * The odds model: expected goals from the teams' attack/defence ratings, the remaining goals of a
 * match as independent Poisson processes scaled by the time left, and prices with a bookmaker margin
 * (implied probabilities sum to 1 + margin). Markets: eu 1x2 (decimal), asia handicap and ou
 * over/under (Hong Kong style: net return per 1 staked), plus the lottery markets jczq (1x2),
 * jczq_hhad (integer handicap 1x2) and bjdc_sf (handicap win/lose).
 */
import type { OddsRow } from '../../modules/matches';

export interface Strength {
  homeAttack: number;
  homeDefence: number;
  awayAttack: number;
  awayDefence: number;
}

export interface LiveState {
  minute: number;
  homeScore: number;
  awayScore: number;
}

export interface Bookmaker {
  code: string;
  margin: number;
  /** small deterministic skew so bookmakers differ a little */
  skew: number;
}

export const BOOKMAKERS: readonly Bookmaker[] = [
  { code: 'crown', margin: 0.05, skew: 0 },
  { code: 'bet365', margin: 0.06, skew: 0.015 },
  { code: 'macau', margin: 0.075, skew: -0.01 },
  { code: 'william_hill', margin: 0.065, skew: 0.008 },
  { code: 'hkjc', margin: 0.09, skew: -0.005 },
];

const MAX_GOALS = 10;
const HOME_BASE = 1.5;
const AWAY_BASE = 1.15;

/** Expected goals over 90 minutes; ratings are percentages (100 = league average). */
export function expectedGoals(s: Strength): [number, number] {
  const h = (HOME_BASE * (s.homeAttack / 100) * 100) / Math.max(40, s.awayDefence);
  const a = (AWAY_BASE * (s.awayAttack / 100) * 100) / Math.max(40, s.homeDefence);
  return [h, a];
}

function poissonPmf(mean: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= MAX_GOALS; k++) {
    out.push(p);
    p = (p * mean) / (k + 1);
  }
  return out;
}

/** Distribution of the final goal difference (home - away) given the state: map diff -> probability. */
function finalDiffs(s: Strength, live: LiveState): Map<number, number> {
  const [eh, ea] = expectedGoals(s);
  const left = Math.max(0, Math.min(1, (90 - live.minute) / 90));
  const ph = poissonPmf(eh * left);
  const pa = poissonPmf(ea * left);
  const diffs = new Map<number, number>();
  for (let i = 0; i <= MAX_GOALS; i++)
    for (let j = 0; j <= MAX_GOALS; j++) {
      const d = live.homeScore + i - (live.awayScore + j);
      diffs.set(d, (diffs.get(d) ?? 0) + ph[i] * pa[j]);
    }
  return diffs;
}

function totals(s: Strength, live: LiveState): number[] {
  const [eh, ea] = expectedGoals(s);
  const left = Math.max(0, Math.min(1, (90 - live.minute) / 90));
  const pt = poissonPmf((eh + ea) * left);
  const base = live.homeScore + live.awayScore;
  const out: number[] = new Array(base + MAX_GOALS + 1).fill(0);
  pt.forEach((p, k) => {
    out[base + k] += p;
  });
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const clampDec = (n: number) => round2(Math.min(51, Math.max(1.01, n)));
const clampHk = (n: number) => round2(Math.min(1.5, Math.max(0.5, n)));

/** Decimal prices from probabilities with the margin spread proportionally. */
function price(probs: number[], margin: number): number[] {
  return probs.map((p) => clampDec(1 / (Math.max(p, 0.0001) * (1 + margin))));
}

export function probs1x2(s: Strength, live: LiveState, handicap = 0): [number, number, number] {
  let w = 0;
  let d = 0;
  let l = 0;
  for (const [diff, p] of finalDiffs(s, live)) {
    const adj = diff + handicap;
    if (adj > 0) w += p;
    else if (adj === 0) d += p;
    else l += p;
  }
  return [w, d, l];
}

/** Home win probability against a handicap line (quarter lines split the stake over two lines; pushes drop out). */
function coverProb(diffs: Map<number, number>, line: number): number {
  const halves = Math.abs((line * 4) % 2) === 1 ? [line - 0.25, line + 0.25] : [line];
  let total = 0;
  for (const l of halves) {
    let win = 0;
    let lose = 0;
    for (const [diff, p] of diffs) {
      if (diff + l > 0) win += p;
      else if (diff + l < 0) lose += p;
    }
    total += win + lose > 0 ? win / (win + lose) : 0.5;
  }
  return total / halves.length;
}

export function oddsFor(s: Strength, live: LiveState, b: Bookmaker): OddsRow[] {
  const diffs = finalDiffs(s, live);
  const [w, d, l] = probs1x2(s, live);
  const skewed = [w * (1 + b.skew), d, l * (1 - b.skew)];
  const sum = skewed[0] + skewed[1] + skewed[2];
  const eu = price(
    skewed.map((p) => p / sum),
    b.margin,
  );
  // asia: the quarter line nearest to an even contest
  let bestLine = 0;
  let bestGap = 2;
  for (let q = -16; q <= 16; q++) {
    const line = q / 4;
    const gap = Math.abs(coverProb(diffs, line) - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      bestLine = line;
    }
  }
  const cover = Math.min(0.97, Math.max(0.03, coverProb(diffs, bestLine) * (1 + b.skew)));
  const asia = {
    home: clampHk(1 / (cover * (1 + b.margin)) - 1),
    line: bestLine,
    away: clampHk(1 / ((1 - cover) * (1 + b.margin)) - 1),
  };
  const tot = totals(s, live);
  let ouLine = 2.5;
  let ouGap = 2;
  const overProb = (line: number) => {
    let over = 0;
    let under = 0;
    tot.forEach((p, k) => {
      if (k > line) over += p;
      else if (k < line) under += p;
    });
    return over + under > 0 ? over / (over + under) : 0.5;
  };
  const goals = live.homeScore + live.awayScore;
  for (let q = (goals + 0.5) * 4; q <= (goals + 6) * 4; q += 2) {
    const gap = Math.abs(overProb(q / 4) - 0.5);
    if (gap < ouGap) {
      ouGap = gap;
      ouLine = q / 4;
    }
  }
  const over = Math.min(0.97, Math.max(0.03, overProb(ouLine)));
  const ou = {
    over: clampHk(1 / (over * (1 + b.margin)) - 1),
    line: ouLine,
    under: clampHk(1 / ((1 - over) * (1 + b.margin)) - 1),
  };
  return [
    { bookmaker: b.code, market: 'eu', odds: { home: eu[0], draw: eu[1], away: eu[2] } },
    { bookmaker: b.code, market: 'asia', odds: asia },
    { bookmaker: b.code, market: 'ou', odds: ou },
  ];
}

/** China sports lottery style markets (fixed before kick-off): jczq 1x2, jczq_hhad handicap 1x2, bjdc_sf. */
export function lotteryOdds(s: Strength): OddsRow[] {
  const pre = { minute: 0, homeScore: 0, awayScore: 0 };
  const margin = 0.12;
  const [w, d, l] = probs1x2(s, pre);
  const [eh, ea] = expectedGoals(s);
  const hcp = eh - ea >= 0.6 ? -1 : ea - eh >= 0.6 ? 1 : eh >= ea ? -1 : 1;
  const [hw, hd, hl] = probs1x2(s, pre, hcp);
  const sfLine = Math.round((ea - eh) * 2) / 2 + 0.5;
  const diffs = finalDiffs(s, pre);
  const sfHome = Math.min(0.95, Math.max(0.05, coverProb(diffs, sfLine)));
  const jczq = price([w, d, l], margin);
  const hhad = price([hw, hd, hl], margin);
  const sf = price([sfHome, 1 - sfHome], 0.2);
  return [
    { bookmaker: 'lottery', market: 'jczq', odds: { home: jczq[0], draw: jczq[1], away: jczq[2] } },
    {
      bookmaker: 'lottery',
      market: 'jczq_hhad',
      odds: { home: hhad[0], draw: hhad[1], away: hhad[2], line: hcp },
    },
    { bookmaker: 'lottery', market: 'bjdc_sf', odds: { home: sf[0], line: sfLine, away: sf[1] } },
  ];
}

export function allOdds(s: Strength, live: LiveState): OddsRow[] {
  return BOOKMAKERS.flatMap((b) => oddsFor(s, live, b));
}
