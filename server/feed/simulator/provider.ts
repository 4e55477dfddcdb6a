/**
 * The simulator as matches' MatchFeed: real-time play (runner.ts) plus the answers matches asks for,
 * computed from each match's seeded timeline (plan.ts). It reads team ratings and squads and writes
 * nothing; matches writes what it answers.
 */
import type { MatchFeed } from '../../modules/matches';
import { loadSimRefs, strengthOf, timelineFor } from './context';
import { allOdds, BOOKMAKERS, lotteryOdds } from './odds';
import { oddsPoints, planCatchUp, playableSeed } from './plan';
import { briefResult } from './results';
import { createRunner, type SimOptions } from './runner';

const PRE_MATCH = { minute: 0, homeScore: 0, awayScore: 0 };

export function createSimulatorProvider(opts: SimOptions): MatchFeed {
  const runner = createRunner(opts);
  // each answer reads ratings and squads afresh: new fixtures may bring clubs the last answer lacked
  const refs = () => loadSimRefs(opts.db);
  return {
    name: 'simulator',
    speed: opts.speed,
    start: runner.start,
    stop: runner.stop,
    async catchUp(matches, now) {
      const r = await refs();
      return matches.map((m) => planCatchUp(m, timelineFor(r, m, opts.seed), now, opts.speed, r));
    },
    async openingOdds(matches) {
      const r = await refs();
      return matches.map((m) => {
        const s = strengthOf(r, m);
        return [...allOdds(s, PRE_MATCH), ...lotteryOdds(s)];
      });
    },
    async kickoff(match, o = {}) {
      return { simSeed: playableSeed(await refs(), match, opts.seed, o.goalBefore) };
    },
    async oddsHistory(match, bookmaker) {
      const book = BOOKMAKERS.find((b) => b.code === bookmaker);
      if (!book) return null;
      return oddsPoints(await refs(), match, book, opts.seed, opts.speed);
    },
    async results(matches) {
      const r = await refs();
      return matches.map((m) => briefResult(r, m));
    },
  };
}
