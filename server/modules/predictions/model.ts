/**
 * Goal model for the AI predictions: Maher's independent Poisson model with Dixon-Coles time decay.
 *   home goals ~ Poisson(exp(mu_c + home_c + att_home - def_away))
 *   away goals ~ Poisson(exp(mu_c + att_away - def_home))
 * mu_c (scoring level) and home_c (home advantage) per competition, att/def per club across every
 * competition it plays in (so league and Champions League results inform one rating). Fitted by
 * penalised maximum likelihood with coordinate-wise Newton steps (each step is exact for its own
 * parameter, the likelihood is concave, so the sweeps converge). The penalty is a Gaussian prior: a
 * club without results keeps its prior rating instead of running off to infinity. Pure functions:
 * no database, no random numbers.
 */

export interface Result {
  competitionId: number;
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  /** kick-off, epoch ms (for the time decay) */
  at: number;
}

export interface FitOptions {
  /** prior means of att/def per club (log scale); missing clubs default to 0 (average) */
  prior?: Map<number, { att: number; def: number }>;
  /** prior precision, in "matches' worth" of evidence; small = trust the data */
  priorWeight?: number;
  /** Dixon-Coles time decay per day (0.0065 ~ half-life of 107 days) */
  decayPerDay?: number;
  /** fit as of this instant (decay reference); defaults to the latest result */
  asOf?: number;
  maxSweeps?: number;
  /** starting point (a previous fit), to converge in a few sweeps */
  warm?: Model;
}

export interface Model {
  att: Map<number, number>;
  def: Map<number, number>;
  mu: Map<number, number>;
  homeAdv: Map<number, number>;
  /** number of results the model was fitted on */
  n: number;
  sweeps: number;
}

const DEFAULT_MU = Math.log(1.35);
const DEFAULT_HOME = Math.log(1.2);

export function fitModel(results: Result[], opts: FitOptions = {}): Model {
  const prior = opts.prior ?? new Map();
  const tau = opts.priorWeight ?? 1;
  const xi = opts.decayPerDay ?? 0.0065;
  const asOf = opts.asOf ?? results.reduce((m, r) => Math.max(m, r.at), 0);
  const w = results.map((r) => Math.exp((-xi * Math.max(0, asOf - r.at)) / 86_400_000));
  const clubs = new Set<number>();
  const comps = new Set<number>();
  for (const r of results) {
    clubs.add(r.home);
    clubs.add(r.away);
    comps.add(r.competitionId);
  }
  const pa = (c: number) => prior.get(c)?.att ?? 0;
  const pd = (c: number) => prior.get(c)?.def ?? 0;
  const att = new Map<number, number>();
  const def = new Map<number, number>();
  const mu = new Map<number, number>();
  const home = new Map<number, number>();
  for (const c of clubs) {
    att.set(c, opts.warm?.att.get(c) ?? pa(c));
    def.set(c, opts.warm?.def.get(c) ?? pd(c));
  }
  for (const c of comps) {
    mu.set(c, opts.warm?.mu.get(c) ?? DEFAULT_MU);
    home.set(c, opts.warm?.homeAdv.get(c) ?? DEFAULT_HOME);
  }
  // Poisson information per match is ~lambda (~1.3): tau "matches" of prior = tau * 1.3 precision
  const precision = tau * 1.3;
  const maxSweeps = opts.maxSweeps ?? 200;
  let sweeps = 0;
  const lh = new Float64Array(results.length);
  const la = new Float64Array(results.length);
  const rates = () => {
    results.forEach((r, i) => {
      lh[i] = Math.exp(
        mu.get(r.competitionId)! + home.get(r.competitionId)! + att.get(r.home)! - def.get(r.away)!,
      );
      la[i] = Math.exp(mu.get(r.competitionId)! + att.get(r.away)! - def.get(r.home)!);
    });
  };
  // index of each parameter's matches, so one sweep costs O(matches)
  const byClub = new Map<number, number[]>();
  const byComp = new Map<number, number[]>();
  const push = (m: Map<number, number[]>, k: number, i: number) => {
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  };
  results.forEach((r, i) => {
    push(byClub, r.home, i);
    push(byClub, r.away, i);
    push(byComp, r.competitionId, i);
  });
  const components = connected(results);
  for (; sweeps < maxSweeps; sweeps++) {
    let change = 0;
    // competition level: free (the club priors pin the scale); home advantage: weak pull to a typical value
    rates();
    for (const [c, idx] of byComp) {
      let g = 0;
      let h = 0;
      for (const i of idx) {
        const r = results[i];
        g += w[i] * (r.homeGoals - lh[i] + r.awayGoals - la[i]);
        h += w[i] * (lh[i] + la[i]);
      }
      const step = g / h;
      mu.set(c, mu.get(c)! + step);
      change = Math.max(change, Math.abs(step));
    }
    rates();
    for (const [c, idx] of byComp) {
      let g = 0;
      let h = 0;
      for (const i of idx) {
        g += w[i] * (results[i].homeGoals - lh[i]);
        h += w[i] * lh[i];
      }
      g -= 2 * (home.get(c)! - DEFAULT_HOME);
      const step = g / (h + 2);
      home.set(c, home.get(c)! + step);
      change = Math.max(change, Math.abs(step));
    }
    rates();
    for (const [c, idx] of byClub) {
      let g = 0;
      let h = 0;
      for (const i of idx) {
        const r = results[i];
        if (r.home === c) {
          g += w[i] * (r.homeGoals - lh[i]);
          h += w[i] * lh[i];
        } else {
          g += w[i] * (r.awayGoals - la[i]);
          h += w[i] * la[i];
        }
      }
      g -= precision * (att.get(c)! - pa(c));
      const step = g / (h + precision);
      att.set(c, att.get(c)! + step);
      change = Math.max(change, Math.abs(step));
    }
    rates();
    for (const [c, idx] of byClub) {
      let g = 0;
      let h = 0;
      for (const i of idx) {
        const r = results[i];
        // defence lowers the opponent's rate: d(log lambda)/d(def) = -1
        if (r.home === c) {
          g -= w[i] * (r.awayGoals - la[i]);
          h += w[i] * la[i];
        } else {
          g -= w[i] * (r.homeGoals - lh[i]);
          h += w[i] * lh[i];
        }
      }
      g -= precision * (def.get(c)! - pd(c));
      const step = g / (h + precision);
      def.set(c, def.get(c)! + step);
      change = Math.max(change, Math.abs(step));
    }
    // Shifting every attack up and the scoring level down by the same amount leaves the likelihood
    // unchanged (same for defence), so coordinate steps crawl along that ridge; jump to its optimum.
    for (const comp of components) {
      let sa = 0;
      let sd = 0;
      for (const c of comp.clubs) {
        sa += att.get(c)! - pa(c);
        sd += def.get(c)! - pd(c);
      }
      sa /= comp.clubs.length;
      sd /= comp.clubs.length;
      for (const c of comp.clubs) {
        att.set(c, att.get(c)! - sa);
        def.set(c, def.get(c)! - sd);
      }
      for (const k of comp.comps) mu.set(k, mu.get(k)! + sa - sd);
    }
    if (change < 1e-4) break;
  }
  return { att, def, mu, homeAdv: home, n: results.length, sweeps };
}

/**
 * Groups of clubs linked by matches or by sharing a competition (whose scoring level they share), with
 * their competitions: within one group the att/mu and def/mu trade-offs are exact symmetries.
 */
function connected(results: Result[]): { clubs: number[]; comps: Set<number> }[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const union = (a: number, b: number) => {
    for (const x of [a, b]) if (!parent.has(x)) parent.set(x, x);
    parent.set(find(a), find(b));
  };
  const compNode = (id: number) => -id - 1; // club ids are positive, competitions live below zero
  for (const r of results) {
    union(r.home, compNode(r.competitionId));
    union(r.away, compNode(r.competitionId));
  }
  const groups = new Map<number, { clubs: number[]; comps: Set<number> }>();
  for (const x of parent.keys()) {
    const root = find(x);
    const g = groups.get(root) ?? { clubs: [], comps: new Set<number>() };
    if (x >= 0) g.clubs.push(x);
    else g.comps.add(-x - 1);
    groups.set(root, g);
  }
  return [...groups.values()].filter((g) => g.clubs.length > 0);
}

export interface Prediction {
  /** expected goals */
  home: number;
  away: number;
  /** outcome probabilities (0..1) */
  pHome: number;
  pDraw: number;
  pAway: number;
  /** score probabilities, most likely first */
  scores: { home: number; away: number; p: number }[];
}

const MAX_GOALS = 10;

function poisson(lambda: number): number[] {
  const out = [Math.exp(-lambda)];
  for (let k = 1; k <= MAX_GOALS; k++) out.push((out[k - 1] * lambda) / k);
  return out;
}

export function predict(
  model: Model,
  m: { competitionId: number; home: number; away: number },
  prior?: Map<number, { att: number; def: number }>,
): Prediction {
  const a = (c: number) => model.att.get(c) ?? prior?.get(c)?.att ?? 0;
  const d = (c: number) => model.def.get(c) ?? prior?.get(c)?.def ?? 0;
  const mu = model.mu.get(m.competitionId) ?? DEFAULT_MU;
  const ha = model.homeAdv.get(m.competitionId) ?? DEFAULT_HOME;
  const lh = Math.exp(mu + ha + a(m.home) - d(m.away));
  const la = Math.exp(mu + a(m.away) - d(m.home));
  const ph = poisson(lh);
  const pa = poisson(la);
  let pHome = 0;
  let pDraw = 0;
  let pAway = 0;
  const scores: Prediction['scores'] = [];
  for (let i = 0; i <= MAX_GOALS; i++)
    for (let j = 0; j <= MAX_GOALS; j++) {
      const p = ph[i] * pa[j];
      if (i > j) pHome += p;
      else if (i === j) pDraw += p;
      else pAway += p;
      scores.push({ home: i, away: j, p });
    }
  const total = pHome + pDraw + pAway; // the 10-goal cut loses ~1e-6
  scores.sort((x, y) => y.p - x.p || x.home - y.home || x.away - y.away);
  return { home: lh, away: la, pHome: pHome / total, pDraw: pDraw / total, pAway: pAway / total, scores };
}

/** Integer percents that sum to exactly 100 (largest remainder). */
export function percents(ps: number[]): number[] {
  const total = ps.reduce((s, p) => s + p, 0) || 1;
  const raw = ps.map((p) => (p * 100) / total);
  const out = raw.map(Math.floor);
  let left = 100 - out.reduce((s, x) => s + x, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]++;
    left--;
  }
  return out;
}

export type Outcome = 'home' | 'draw' | 'away';

export function pickOf(p: Prediction): Outcome {
  if (p.pHome >= p.pDraw && p.pHome >= p.pAway) return 'home';
  return p.pAway >= p.pDraw ? 'away' : 'draw';
}

export const outcomeOf = (homeGoals: number, awayGoals: number): Outcome =>
  homeGoals > awayGoals ? 'home' : homeGoals < awayGoals ? 'away' : 'draw';
