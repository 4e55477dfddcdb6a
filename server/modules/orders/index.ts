/**
 * The orders module's face (issue 12, second slice): settlement, orders with their state machine,
 * stock reservation, payment through the app's gateway, and the auto-cancel / auto-confirm timers.
 * It is its own module rather than part of `shop` because its life (money, states, timers, audit) is
 * apart from the catalogue's; it reads the shop's tables (SKUs, cart, addresses) through the shared
 * schema and takes the wallet's gateway through the wallet's face.
 */
export { startOrderJobs, sweepOrders } from './jobs';
export { shipOrder } from './order-actions';
export { orderDetail } from './order-views';
export { orderDetailResponse } from './responses';
export { registerOrdersRoutes } from './routes';
export { seedShareHistory } from './seed-shared';
export {
  allowed,
  eventsFrom,
  ORDER_STATES,
  type OrderState,
  type OrderTransition,
  onOrderTransition,
  TRANSITIONS,
  transition,
} from './state-machine';
