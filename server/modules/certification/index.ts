/**
 * The certification module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */
export { getExpertState } from './certification-service';
export { expertStatus } from './responses';
export { reviewExpertApplication, setExpertBanned } from './review';
export { registerCertificationRoutes } from './routes';
