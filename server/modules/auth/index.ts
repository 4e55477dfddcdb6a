/**
 * The auth module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */
export { findUser, newUserExternal } from './accounts';
export { createCode } from './codes';
export { type AccountEraser, ERASED_NICKNAME, eraseDueAccounts, startDeletionJob } from './deletion';
export { ensurePasswordKey, stampPassword } from './keys';
export { hashPassword, verifyPassword } from './passwords';
export { registerAuthRoutes } from './routes';
export { DEMO_USERS, seedAuth } from './seed';
export { issueSession, resolveToken } from './sessions';
export { emailTarget, phoneTarget } from './targets';
