/**
 * The wallet module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */
export {
  checkLedgerInvariant,
  gatedCredit,
  gatedDebit,
  getBalances,
  getEcommerceBalance,
  lockAccount,
  postLedger,
} from './ledger';
export type { LedgerBatchEntry } from './ledger-batch';
export { postLedgerBatch } from './ledger-batch';
export { type ApplyPayment, type Payments, paymentsFor } from './payment-targets';
export { startRechargeExpiry } from './recharge-expiry';
export { withdrawalProperties } from './responses';
export { registerWalletRoutes } from './routes';
export { seedWallet } from './seed';
export {
  listWithdrawals,
  markWithdrawalFailed,
  markWithdrawalPaid,
  withdrawalView,
} from './withdrawals-service';
