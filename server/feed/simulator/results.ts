/**
 * Past matches in brief, for the seed's history (older rounds of this season, last season): the final
 * score from the same expected-goals model the odds use (Poisson per side), goal minutes, scorers
 * weighted by position among the starting eleven, assists, cards, and the line-ups. About a hundred times cheaper than playing the full timeline, so a
 * season and a half of every league seeds in well under a second. Deterministic from the sim seed.
 */

import { mulberry32, poisson, type Rng } from '../../../contracts/prng';
import type { BriefResult, FeedEvent, FeedMatch } from '../../modules/matches';
import type { SimRefs } from './context';
import { buildLineup, type SimPlayer } from './lineup';
import { expectedGoals } from './odds';
import { EV } from './types';

/** scorer weight by position (1 wide forward, 2 centre forward, 3 midfield, 4 defence, 5 keeper) */
const SCORER_WEIGHT = [0, 4, 6, 2, 0.7, 0];
const CARD_WEIGHT = [0, 1, 1, 2, 2.2, 0.2];
/** assist weight by position, as the live simulator picks them (midfield most, keeper almost never) */
const ASSIST_WEIGHT = [0, 2, 2, 4, 2, 0.1];

function weighted(rng: Rng, players: readonly SimPlayer[], weights: number[]): SimPlayer | null {
  const total = players.reduce((s, p) => s + (weights[p.position] ?? 0), 0);
  let r = rng() * total;
  for (const p of players) {
    r -= weights[p.position] ?? 0;
    if (r <= 0) return p;
  }
  return players[0] ?? null;
}

const blank = (code: number, minute: number, side: number, playerId: number | null): FeedEvent => ({
  code,
  minute,
  added_minute: 0,
  side,
  player_id: playerId,
  related_player_id: null,
  home_score: null,
  away_score: null,
  x: null,
  y: null,
  text: null,
});

export function briefResult(
  refs: SimRefs,
  m: Pick<FeedMatch, 'homeTeamId' | 'awayTeamId' | 'simSeed'>,
): BriefResult {
  const rng = mulberry32((m.simSeed >>> 0) ^ 0x5bd1e995);
  const h = refs.teams.get(m.homeTeamId) ?? { attack: 100, defence: 100 };
  const a = refs.teams.get(m.awayTeamId) ?? { attack: 100, defence: 100 };
  const [xgH, xgA] = expectedGoals({
    homeAttack: h.attack,
    homeDefence: h.defence,
    awayAttack: a.attack,
    awayDefence: a.defence,
  });
  const squads = [refs.squads.get(m.homeTeamId) ?? [], refs.squads.get(m.awayTeamId) ?? []];
  // line-ups from a stream of their own (the score stream is as before); goals, assists and cards go to
  // the starting eleven, so a player's goals never come from a match he did not play
  const lineupRng = mulberry32((m.simSeed >>> 0) ^ 0x68e31da4);
  const lineups = [buildLineup(lineupRng, 1, squads[0]), buildLineup(lineupRng, 2, squads[1])];
  const xi = lineups.map((l, i) => {
    const ids = new Set(l.starters.map((p) => p.person_id));
    const on = squads[i].filter((p) => ids.has(p.id));
    return on.length ? on : squads[i];
  });
  const events: FeedEvent[] = [];
  for (const [i, mean] of [xgH, xgA].entries()) {
    const goals = poisson(rng, mean);
    for (let g = 0; g < goals; g++) {
      const scorer = weighted(rng, xi[i], SCORER_WEIGHT);
      events.push(blank(EV.GOAL, 1 + Math.floor(rng() * 90), i + 1, scorer?.id ?? null));
    }
    const yellows = poisson(rng, 1.9);
    for (let y = 0; y < yellows; y++) {
      const p = weighted(rng, xi[i], CARD_WEIGHT);
      events.push(blank(EV.YELLOW, 10 + Math.floor(rng() * 80), i + 1, p?.id ?? null));
    }
    if (rng() < 0.05) {
      const p = weighted(rng, xi[i], CARD_WEIGHT);
      events.push(blank(EV.RED, 30 + Math.floor(rng() * 60), i + 1, p?.id ?? null));
    }
  }
  events.sort((x, y) => x.minute - y.minute || x.side - y.side);
  // assists from a stream of their own, so adding them changed no score, scorer or card
  const assistRng = mulberry32((m.simSeed >>> 0) ^ 0x2545f491);
  for (const e of events) {
    if (e.code !== EV.GOAL || assistRng() >= 0.72) continue;
    const mates = xi[e.side - 1].filter((p) => p.id !== e.player_id);
    e.related_player_id = weighted(assistRng, mates, ASSIST_WEIGHT)?.id ?? null;
  }
  const score = [0, 0];
  const half = [0, 0];
  const cards = { yellow: [0, 0], red: [0, 0] };
  for (const e of events) {
    const s = e.side - 1;
    if (e.code === EV.GOAL) {
      score[s]++;
      if (e.minute <= 45) half[s]++;
      e.home_score = score[0];
      e.away_score = score[1];
    } else if (e.code === EV.YELLOW) cards.yellow[s]++;
    else cards.red[s]++;
  }
  return {
    homeScore: score[0],
    awayScore: score[1],
    homeHalfScore: half[0],
    awayHalfScore: half[1],
    homeYellow: cards.yellow[0],
    awayYellow: cards.yellow[1],
    homeRed: cards.red[0],
    awayRed: cards.red[1],
    events,
    lineups: lineups.filter((l) => l.starters.length),
  };
}
