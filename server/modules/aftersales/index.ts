/**
 * The aftersales module's face (issue 12, after the orders slice): what happens to a paid order
 * after checkout — logistics (a provider interface, simulated by default, tracking pushed to the
 * buyer), after-sales applications and refunds through the payment gateway, reviews of received
 * orders, and the merchant's side of all of it in the operator console (ship, decide; audited).
 * It moves orders only through the orders module's state table (its face's `transition`).
 */
export { pushTracking, startTrackingJobs } from './jobs';
export {
  CARRIERS,
  createSimulatedLogistics,
  type LogisticsProvider,
  logistics,
  setLogistics,
} from './logistics';
export { registerMerchantRoutes } from './ops-routes';
export { registerAfterSalesRoutes } from './routes';
