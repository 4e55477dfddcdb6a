/**
 * The reports module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * Reports owns fans' reports and the console's moderation queue; it hides content through the news
 * module's face, bans through moderation's and tells people through messages'.
 */
export { registerReportsRoutes } from './routes';
