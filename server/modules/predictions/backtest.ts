/**
 * Honest accuracy: walk the finished matches day by day (Hong Kong days); each day's matches are
 * predicted by a model fitted only on the results of earlier days, then counted as hits when the most
 * likely outcome (home / draw / away) happened. No result is ever used to predict itself or anything
 * before it.
 */
import {
  type FitOptions,
  fitModel,
  type Model,
  type Outcome,
  outcomeOf,
  type Prediction,
  pickOf,
  predict,
  type Result,
} from './model';

export interface Finished extends Result {
  id: number;
}

export interface BacktestEntry {
  prediction: Prediction;
  pick: Outcome;
  outcome: Outcome;
  hit: boolean;
  /** results the model had seen */
  trainedOn: number;
}

export interface BacktestResult {
  hits: number;
  total: number;
  byCompetition: Map<number, { hits: number; total: number }>;
  entries: Map<number, BacktestEntry>;
}

const DAY_MS = 86_400_000;
const HK_OFFSET_MS = 8 * 3_600_000;
const hkDay = (at: number) => Math.floor((at + HK_OFFSET_MS) / DAY_MS);

export interface BacktestOptions extends Omit<FitOptions, 'asOf' | 'warm'> {
  /**
   * Only the last this many days are predicted (every earlier result still trains the model). With
   * seasons of history in the database, refitting for every day since the first result cost minutes;
   * a recent window answers "how good is the model now" in well under a second.
   */
  windowDays?: number;
}

export function backtest(results: Finished[], opts: BacktestOptions = {}): BacktestResult {
  const sorted = [...results].sort((a, b) => a.at - b.at || a.id - b.id);
  const out: BacktestResult = { hits: 0, total: 0, byCompetition: new Map(), entries: new Map() };
  const lastDay = sorted.length ? hkDay(sorted[sorted.length - 1].at) : 0;
  const fromDay = opts.windowDays === undefined ? -Infinity : lastDay - opts.windowDays + 1;
  let model: Model | undefined;
  let start = 0;
  while (start < sorted.length) {
    const day = hkDay(sorted[start].at);
    let end = start;
    while (end < sorted.length && hkDay(sorted[end].at) === day) end++;
    if (start > 0 && day >= fromDay) {
      const train = sorted.slice(0, start);
      model = fitModel(train, { ...opts, asOf: day * DAY_MS - HK_OFFSET_MS, warm: model });
      for (const r of sorted.slice(start, end)) {
        const prediction = predict(model, r, opts.prior);
        const pick = pickOf(prediction);
        const outcome = outcomeOf(r.homeGoals, r.awayGoals);
        const hit = pick === outcome;
        out.entries.set(r.id, { prediction, pick, outcome, hit, trainedOn: train.length });
        out.total++;
        if (hit) out.hits++;
        const c = out.byCompetition.get(r.competitionId) ?? { hits: 0, total: 0 };
        c.total++;
        if (hit) c.hits++;
        out.byCompetition.set(r.competitionId, c);
      }
    }
    start = end;
  }
  return out;
}
