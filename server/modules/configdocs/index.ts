/**
 * The configdocs module's face: versioned config documents (issue 15). The only file other modules,
 * the app and the tooling import from it (scripts/check-imports.ts refuses a reach past it).
 */
export { registerConfigDocsRoutes } from './routes';
export { seedConfigDocs } from './seed';
