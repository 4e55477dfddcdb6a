/**
 * The config module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */

export { PROTOCOL_TYPES } from './protocol-types';
export { countryGroups } from './reference-data';
export { registerConfigRoutes } from './routes';
export { rulesDocument, setPublishedRules } from './rules-document';
export { seedContent } from './seed';
