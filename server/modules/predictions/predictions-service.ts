/**
 * AI predictions from the goal model (model.ts) fitted on the finished matches in the database. The
 * fitted model is cached per database and refitted when new results arrive (at most every
 * REFIT_MIN_MS), the backtest behind the accuracy figures likewise.
 */
import { and, asc, count, eq, gt, gte, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, teams } from '../../db/schema';
import { nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { getRefs, toItem } from '../matches';
import type { BacktestResult, Finished } from './backtest';
import { backtestOffThread, fitOffThread } from './fit-thread';
import { type Model, outcomeOf, type Prediction, percents, pickOf, predict } from './model';

/**
 * How much the pre-season ratings (the seed facts, a summary of last season) count, in matches' worth
 * of evidence per club: 10 is a Gaussian prior with sd ~0.28 on the log scale, about the spread of
 * team strengths in published Poisson models. The database holds only a few weeks of results (4-9 per
 * club). Backtest on a seeded database (855 matches): weight 0.2 (data only) 42% hits, 3 to 20 46%.
 */
export const PRIOR_WEIGHT = 10;
export const REFIT_MIN_MS = 60_000;
/** The backtest refits for every day of its window (~9 s of CPU on the seeded season): redone at most this often. */
export const BACKTEST_MIN_MS = 10 * 60_000;
const FINISHED = 10;

type Prior = Map<number, { att: number; def: number }>;
interface State {
  key: string;
  at: number;
  model: Model;
  prior: Prior;
  results: Finished[];
}
const states = new WeakMap<Db, State>();
const pending = new WeakMap<Db, Promise<State>>();

/** the days the accuracy figure covers (every earlier result still trains the model) */
const BACKTEST_WINDOW_DAYS = 28;
/**
 * Results older than this do not train the model: their time-decay weight (model.ts, ~0.65% a day) is
 * under a tenth, and seasons of history would only slow every refit.
 */
const TRAIN_DAYS = 365;

async function finishedKey(db: Db): Promise<string> {
  const [r] = await db
    .select({ n: count(), last: max(matches.updatedAt) })
    .from(matches)
    .where(eq(matches.status, FINISHED));
  return `${r.n}|${r.last ? new Date(r.last).getTime() : 0}`;
}

async function load(db: Db, key: string): Promise<State> {
  const rows = await db
    .select({
      id: matches.id,
      competitionId: matches.competitionId,
      home: matches.homeTeamId,
      away: matches.awayTeamId,
      homeGoals: matches.homeScore,
      awayGoals: matches.awayScore,
      startAt: matches.startAt,
    })
    .from(matches)
    .where(
      and(eq(matches.status, FINISHED), gte(matches.startAt, new Date(nowMs() - TRAIN_DAYS * 86_400_000))),
    );
  const results: Finished[] = rows.map((r) => ({ ...r, at: r.startAt.getTime() }));
  // pre-season ratings: the seed facts' attack/defence percents, on the model's log scale
  const prior: Prior = new Map(
    (await db.select({ id: teams.id, attack: teams.attack, defence: teams.defence }).from(teams)).map((t) => [
      t.id,
      { att: Math.log(Math.max(t.attack, 1) / 100), def: Math.log(Math.max(t.defence, 1) / 100) },
    ]),
  );
  const model = await fitOffThread(results, { prior, priorWeight: PRIOR_WEIGHT, asOf: nowMs() });
  return { key, at: nowMs(), model, prior, results };
}

/** The fitted model, refitted when the finished results changed and the last fit is old enough. */
export async function currentState(db: Db): Promise<State> {
  const cached = states.get(db);
  if (cached && nowMs() - cached.at < REFIT_MIN_MS) return cached;
  const key = await finishedKey(db);
  if (cached && cached.key === key) {
    cached.at = nowMs();
    return cached;
  }
  let p = pending.get(db);
  if (!p) {
    p = load(db, key).finally(() => pending.delete(db));
    pending.set(db, p);
  }
  const state = await p;
  states.set(db, state);
  return state;
}

export interface PredictionView {
  prob_home: number;
  prob_draw: number;
  prob_away: number;
  /** the most likely outcome */
  pick: 'home' | 'draw' | 'away';
  expected_goals: { home: number; away: number };
  likely_scores: { score: string; home: number; away: number; percent: number }[];
}

export function view(p: Prediction): PredictionView {
  const [h, d, a] = percents([p.pHome, p.pDraw, p.pAway]);
  return {
    prob_home: h,
    prob_draw: d,
    prob_away: a,
    pick: pickOf(p),
    expected_goals: { home: Math.round(p.home * 100) / 100, away: Math.round(p.away * 100) / 100 },
    likely_scores: p.scores.slice(0, 3).map((s) => ({
      score: `${s.home}-${s.away}`,
      home: s.home,
      away: s.away,
      percent: Math.round(s.p * 1000) / 10,
    })),
  };
}

export async function listPredictions(
  db: Db,
  q: { page: number; size: number; leagueId?: number },
  lang: Lang,
  clockSpeed: number,
) {
  const where: SQL[] = [eq(matches.status, 1), gt(matches.startAt, new Date(nowMs()))];
  if (q.leagueId) where.push(eq(matches.competitionId, q.leagueId));
  const [{ total }] = await db
    .select({ total: count() })
    .from(matches)
    .where(and(...where));
  const rows = await db
    .select()
    .from(matches)
    .where(and(...where))
    .orderBy(asc(matches.startAt), asc(matches.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const state = await currentState(db);
  const refs = await getRefs(
    db,
    rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]),
  );
  const list = rows.map((m) => ({
    ...toItem(m, refs, lang, clockSpeed),
    ...view(
      predict(
        state.model,
        { competitionId: m.competitionId, home: m.homeTeamId, away: m.awayTeamId },
        state.prior,
      ),
    ),
  }));
  return { list, total, page: q.page, size: q.size };
}

/** Fits the model and runs the backtest ahead of the first request (seconds of CPU with a season of history, on the fit thread). */
export async function warmUp(db: Db): Promise<void> {
  await backtestOf(db);
}

const backtests = new WeakMap<Db, { at: number; key: string; result: BacktestResult }>();
const backtestRuns = new WeakMap<Db, Promise<BacktestResult>>();

/**
 * The backtest of the current results. Seconds of CPU on a worker thread: while a newer one runs, the
 * last figures answer at once (they are at most BACKTEST_MIN_MS old anyway); only the first waits.
 */
async function backtestOf(db: Db): Promise<BacktestResult> {
  const state = await currentState(db);
  const last = backtests.get(db);
  if (last && (last.key === state.key || nowMs() - last.at < BACKTEST_MIN_MS)) return last.result;
  let run = backtestRuns.get(db);
  if (!run) {
    run = backtestOffThread(state.results, {
      prior: state.prior,
      priorWeight: PRIOR_WEIGHT,
      windowDays: BACKTEST_WINDOW_DAYS,
    })
      .then((result) => {
        backtests.set(db, { at: nowMs(), key: state.key, result });
        return result;
      })
      .finally(() => backtestRuns.delete(db));
    backtestRuns.set(db, run);
    run.catch((err) => console.warn('[predictions] backtest failed', err));
  }
  return last ? last.result : run;
}

/**
 * One match: upcoming ones get the current model's forecast; finished ones the forecast the model
 * made before that day (from the backtest) with the actual outcome and whether it was a hit.
 */
export async function matchPrediction(db: Db, id: number, lang: Lang, clockSpeed: number) {
  const [m] = await db.select().from(matches).where(eq(matches.id, id));
  if (!m) throw new ApiError(E.NOT_FOUND);
  const refs = await getRefs(db, [m.homeTeamId, m.awayTeamId]);
  const item = toItem(m, refs, lang, clockSpeed);
  if (m.status === FINISHED) {
    const entry = (await backtestOf(db)).entries.get(m.id);
    if (!entry) return { ...item, prediction_available: false };
    return {
      ...item,
      prediction_available: true,
      ...view(entry.prediction),
      outcome: outcomeOf(m.homeScore, m.awayScore),
      hit: entry.hit,
    };
  }
  const state = await currentState(db);
  const p = predict(
    state.model,
    { competitionId: m.competitionId, home: m.homeTeamId, away: m.awayTeamId },
    state.prior,
  );
  return { ...item, prediction_available: true, ...view(p) };
}

export async function accuracy(db: Db, lang: Lang) {
  const bt = await backtestOf(db);
  const refs = await getRefs(db);
  const rate = (h: number, t: number) => (t ? Math.round((h * 1000) / t) / 10 : 0);
  const leagues = [...bt.byCompetition.entries()]
    .map(([leagueId, c]) => ({
      league_id: leagueId,
      league_name: refs.competitions.get(leagueId)?.name[lang] ?? '',
      league_short: refs.competitions.get(leagueId)?.short[lang] ?? '',
      hits: c.hits,
      total: c.total,
      rate: rate(c.hits, c.total),
    }))
    .sort((a, b) => b.total - a.total || a.league_id - b.league_id);
  let homeWins = 0;
  for (const e of bt.entries.values()) if (e.outcome === 'home') homeWins++;
  return {
    hits: bt.hits,
    total: bt.total,
    /** the naive baseline on the same matches: always pick the home side */
    baseline_home_rate: rate(homeWins, bt.total),
    /** percent with one decimal */
    rate: rate(bt.hits, bt.total),
    method: `rolling over the last ${BACKTEST_WINDOW_DAYS} days: each day predicted by a model fitted only on earlier days; hit = most likely outcome`,
    leagues,
  };
}
