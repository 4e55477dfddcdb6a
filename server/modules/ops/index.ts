/**
 * The ops module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */
export { lockDemoAccounts } from './demo-lock';
export { registerOpsRoutes } from './routes';
export { seedOps } from './seed';
