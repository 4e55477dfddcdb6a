/**
 * The matches module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * Matches owns the live-match contract (live-contract.ts) and is the only writer of the match tables:
 * a provider (server/feed) implements MatchFeed and hands its data to applyMatchUpdate (live) or
 * catchUpMatches (in bulk); `applied` is the one step that tells list caches and websocket watchers.
 */

export type { CatchUpResult } from './catch-up';
export { catchUpMatches, dueMatches, feedMatch } from './catch-up';
export { standings } from './data-service';
export { ensureFixtures, refreshFixtures } from './fixtures';
export type { MatchItem, MatchRow } from './items';
export { toItem } from './items';
export type {
  BriefResult,
  CatchUp,
  FeedContext,
  FeedEvent,
  FeedLog,
  FeedMatch,
  Lineup,
  LineupPlayer,
  MatchFeed,
  MatchState,
  MatchUpdate,
  OddsPoint,
  OddsRow,
  Stats,
  UpdateStep,
} from './live-contract';
export { kickoffState } from './live-contract';
export type { Refs } from './names';
export { getRefs, invalidateRefs } from './names';
export { matchRow } from './responses';
export type { PopularNewsSource } from './routes';
export { registerMatchesRoutes } from './routes';
export { seedFootball } from './seed';
export { applied, applyMatchUpdate } from './update-service';
