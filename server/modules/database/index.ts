/**
 * The database module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * Read-only pages over the football facts the matches module writes (competitions, clubs, people,
 * matches, events, line-ups), plus the transfers table it owns and seeds.
 */
export { registerDatabaseRoutes } from './routes';
export { seedDatabase } from './seed';
