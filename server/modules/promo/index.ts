/**
 * The promo module's face (issue 12, item 7): share links and promotion income. Each fan has a stable
 * share code; an order placed through a share link records its sharer (the orders module resolves the
 * code), and the order's state moves carry the sharer's commission along in the same transaction:
 * paid → pending, completed → credited to the wallet ledger's `ecommerce` account, refunded → void or
 * taken back. Income is withdrawn through the wallet's bank-card withdrawals (`account: ecommerce`).
 */
export { commissionOnTransition } from './commission-service';
export { registerPromoRoutes } from './routes';
export { shareCodeOf } from './share-codes';
