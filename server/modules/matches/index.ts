/**
 * The matches module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */

export type { MatchItem } from './items';
export { toItem } from './items';
export { notifyMatchChanged } from './list-cache';
export { getRefs, invalidateRefs } from './names';
export { matchRow } from './responses';
export { registerMatchesRoutes } from './routes';
export { seedFootball } from './seed';
export type { MatchUpdate, UpdateStep } from './update-service';
export { applyMatchUpdate } from './update-service';
