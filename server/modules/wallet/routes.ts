import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Coin wallet: ledger, recharge through the payment provider, balance details, bank cards, withdrawals. */
export async function registerWalletRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
