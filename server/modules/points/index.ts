/**
 * The points module's face (issue 12, points slice): the points ledger (the coins' guarantees: never
 * negative, idempotent, sum == balance), the daily check-in, points earned by completed orders and their
 * reviews (hooked on the orders module's transitions), points goods and their exchange (points, or
 * points + HKD through the payment gateway); also the shop user centre's summary and the buyer-merchant
 * consultation thread of an order.
 */
export { registerConsultRoutes } from './consult-routes';
export { checkPointsInvariant, pointsBalance, postPoints } from './ledger';
export { goldBadgeSql, type PerkFlags, perkFlags } from './perks';
export { startPointsJobs, sweepPoints } from './points-jobs';
export { registerPointsRoutes } from './routes';
export { seedPoints } from './seed';
