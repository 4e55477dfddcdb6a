/**
 * How plays are priced and graded: where the odds come from, the odds of every option, which option a
 * finished match makes win, and a pick as the slip reads it. Which lottery offers which play and the
 * options a pick may name are the contract's (contracts/play-types.ts), shared with the publish form.
 */
import {
  HALF_FULL_OPTIONS as BQC,
  type PlayType,
  SCORE_OPTIONS as SCORES,
} from '../../../contracts/play-types';

export type { Lottery, PlayType } from '../../../contracts/play-types';

/** The lottery market each play type reads its published odds from (match_odds, bookmaker 'lottery'). */
export function marketOf(play: PlayType): 'jczq' | 'jczq_hhad' | 'bjdc_sf' {
  return play === 'rqspf' ? 'jczq_hhad' : play === 'sf' ? 'bjdc_sf' : 'jczq';
}

export interface MatchOddsInput {
  /** { home, draw, away, line? } of the play's market, or null when the feed has none */
  market: Record<string, number> | null;
}

const r2 = (n: number) => Math.max(1.01, Math.round(n * 100) / 100);

/** Poisson goals from 1x2 odds: a rough model for the markets the feed does not price (bqc, zjq, bf). */
function poissonFrom1x2(m: Record<string, number>) {
  const ph = 1 / (m.home || 2.5);
  const pa = 1 / (m.away || 2.5);
  const ratio = Math.sqrt(ph / pa);
  const total = 2.6;
  const lh = (total * ratio) / (1 + ratio);
  const la = total - lh;
  const pois = (l: number, k: number) => {
    let f = 1;
    for (let i = 2; i <= k; i++) f *= i;
    return (Math.exp(-l) * l ** k) / f;
  };
  return { lh, la, pois };
}

/** Odds of every option of a play on one match, as shown when a plan is published. */
export function oddsTable(play: PlayType, input: MatchOddsInput): Record<string, number> {
  const m = input.market ?? { home: 2.3, draw: 3.1, away: 2.9 };
  if (play === 'spf' || play === 'rqspf' || play === 'sfc14' || play === 'rx9')
    return { '3': r2(m.home), '1': r2(m.draw), '0': r2(m.away) };
  if (play === 'sf') return { '3': r2(m.home), '0': r2(m.away) };
  const { lh, la, pois } = poissonFrom1x2(m);
  const margin = 0.85;
  const out: Record<string, number> = {};
  if (play === 'zjq') {
    let rest = 1;
    for (let k = 0; k < 7; k++) {
      let p = 0;
      for (let h = 0; h <= k; h++) p += pois(lh, h) * pois(la, k - h);
      rest -= p;
      out[String(k)] = r2(margin / p);
    }
    out['7'] = r2(margin / Math.max(rest, 0.001));
    return out;
  }
  if (play === 'bf') {
    for (const s of SCORES) {
      const [h, a] = s.split(':').map(Number);
      const p = h === 9 || a === 9 ? 0.02 : pois(lh, h) * pois(la, a);
      out[s] = r2(margin / Math.max(p, 0.001));
    }
    return out;
  }
  // bqc: half-time result times full-time result, with a persistence factor for the same outcome
  const base = { '3': 1 / m.home, '1': 1 / m.draw, '0': 1 / m.away };
  const sum = base['3'] + base['1'] + base['0'];
  for (const o of BQC) {
    const [h, f] = o.split('-') as ('3' | '1' | '0')[];
    const ph = (h === '1' ? 0.42 : (base[h] / sum) * 0.58) * 1;
    const pf = (base[f] / sum) * (h === f ? 1.6 : h === '1' ? 1 : 0.35);
    out[o] = r2(margin / Math.max(ph * pf, 0.005));
  }
  return out;
}

export interface MatchResult {
  homeScore: number;
  awayScore: number;
  homeHalfScore: number | null;
  awayHalfScore: number | null;
}

const wdl = (h: number, a: number) => (h > a ? '3' : h === a ? '1' : '0');

/** The winning option(s) of a play on a finished match (a pick hits when it names one of them). */
export function winningOption(play: PlayType, r: MatchResult, handicap: number | null): string {
  const { homeScore: h, awayScore: a } = r;
  switch (play) {
    case 'spf':
    case 'sfc14':
    case 'rx9':
      return wdl(h, a);
    case 'rqspf':
      return wdl(h + (handicap ?? 0), a);
    case 'sf':
      // bjdc lines are half goals, so there is no draw
      return h + (handicap ?? 0.5) > a ? '3' : '0';
    case 'bqc':
      return `${wdl(r.homeHalfScore ?? 0, r.awayHalfScore ?? 0)}-${wdl(h, a)}`;
    case 'zjq':
      return String(Math.min(7, h + a));
    case 'bf': {
      const exact = `${h}:${a}`;
      if (SCORES.includes(exact)) return exact;
      return h > a ? '9:0' : h === a ? '9:9' : '0:9';
    }
  }
}

export function pickHits(play: PlayType, picks: string[], r: MatchResult, handicap: number | null): boolean {
  return picks.includes(winningOption(play, r, handicap));
}

/** Match status codes (spec §4) that end a plan's match for good. */
export const FINISHED = 10;
export const VOID_STATUSES = [13, 14, 16, 20];

const WDL_TEXT: Record<'zhhk' | 'zhcn' | 'zhtw', Record<string, string>> = {
  zhhk: { '3': '主勝', '1': '平', '0': '客勝', '9:0': '勝其他', '9:9': '平其他', '0:9': '負其他' },
  zhtw: { '3': '主勝', '1': '平', '0': '客勝', '9:0': '勝其他', '9:9': '平其他', '0:9': '負其他' },
  zhcn: { '3': '主胜', '1': '平', '0': '客胜', '9:0': '胜其他', '9:9': '平其他', '0:9': '负其他' },
};

/** A pick as the slip reads it, in the caller's language ("主勝", "主勝/平", "3球", "2:1"). */
export function pickLabel(play: PlayType, opt: string, lang: 'zhhk' | 'zhcn' | 'zhtw'): string {
  const w = WDL_TEXT[lang];
  if (play === 'bqc')
    return opt
      .split('-')
      .map((o) => w[o] ?? o)
      .join('/');
  if (play === 'zjq') return opt === '7' ? '7+球' : `${opt}球`;
  if (play === 'bf') return w[opt] ?? opt;
  return w[opt] ?? opt;
}
