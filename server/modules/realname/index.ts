/**
 * The realname module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */
export { assertOwnUploads } from './owned-uploads';
export { eraseRealName, isRealNameVerified, isUniqueViolation } from './realname-service';
export { reviewRealName } from './review';
export { registerRealnameRoutes } from './routes';
