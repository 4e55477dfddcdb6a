/**
 * The news module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * News owns articles (operator articles and automatic match reports), their comments, praise and
 * collect. It reads matches (through matches' face and the football tables) and never writes them.
 */

export { cleanText } from './comments-service';
export { startNewsJobs } from './jobs';
export type { ContentInfo, ContentKind } from './moderation';
export { afterContentChange, contentInfo, setContentHidden } from './moderation';
export { popularNews, popularNewsResponse } from './popular';
export { generateReport } from './report';
export { type ReportFacts, reportFacts } from './report-facts';
export { writeReport } from './report-text';
export { newsTopic, registerNewsRoutes } from './routes';
export { seedNews } from './seed';
