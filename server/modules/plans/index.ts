/**
 * The plans module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */

export type { ExpertSummary } from './expert-summary';
export { expertSummaries, rate } from './expert-summary';
export { startPlanJobs } from './jobs';
export { buyPlan, hasActiveSubscription, planCards } from './plans-service';
export { oddsTable, winningOption } from './play-types';
export { expertStatistics, expertSummary, expertSummaryProperties, planCard } from './responses';
export { registerPlansRoutes } from './routes';
export { overridePlanRules } from './rules';
export { settleDue } from './settlement';
export { buyPackage } from './subscriptions-service';
