/**
 * The users module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */

export { IMAGE_FORMATS, type ImageFormat } from './image-format';
export { registerUsersRoutes } from './routes';
export { findUserByRef } from './users-service';
