/**
 * The follows module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * Follows owns the follow relation between users (stored in `expert_follows`, which the experts module
 * reads for its fan counts and follows through `addFollow` / `removeFollow`) and the public user pages.
 */
export { addFollow, REL, relations, removeFollow } from './follows-service';
export { registerFollowsRoutes } from './routes';
