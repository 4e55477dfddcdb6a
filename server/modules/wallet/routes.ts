import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { langFrom } from '../../http/i18n';
import { idParams, paging as pagingSchema } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { registerPaymentGateway } from '../../providers/payment/gateway-routes';
import { addUserBank, banksView, deleteUserBank, listUserBanks } from './banks-service';
import { balanceDetails, expertIncomes } from './details-service';
import { paging } from './format';
import { ACCOUNTS, getBalances, LEDGER_TYPES } from './ledger';
import { paymentsFor } from './payment-targets';
import { registerRechargeRoutes } from './recharge-routes';
import { applyCallback } from './recharge-service';
import {
  banksResponse,
  deletedResponse,
  incomesResponse,
  ledgerPageResponse,
  quoteResponse,
  userBankResponse,
  userBanksResponse,
  walletResponse,
  withdrawalPageResponse,
  withdrawalResponse,
  withdrawConfigResponse,
} from './responses';
import { createWithdrawal, listOwnWithdrawals, quoteView, withdrawConfigView } from './withdrawals-service';

const V1 = '/mdr/api/v1';
const user = { auth: 'user' } as const;

/** Coin wallet: ledger, recharge through the payment provider, balance details, bank cards, withdrawals. */
export async function registerWalletRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const payments = paymentsFor(deps);
  const { provider } = payments;
  // the shop's payments (and any other registered prefix) share the gateway; recharge is the rest
  const apply = (p: Parameters<typeof applyCallback>[1]) => payments.apply(p, (q) => applyCallback(db, q));
  // the gateway's pages (sandbox) or webhook (stripe); the sandbox is off in production unless allowed
  await registerPaymentGateway(root, provider, config.paymentSecret, apply);
  await registerRechargeRoutes(root, db, provider, apply);
  const app = typed(root);
  const lang = (req: { headers: Record<string, unknown> }) =>
    langFrom(req.headers['accept-language'] as string);

  app.get(`${V1}/user/wallets`, { schema: { response: walletResponse }, config: user }, async (request) => {
    const b = await getBalances(db, requireUserId(request));
    return ok({ coins: b.coins, income: b.income, yun_coin: b.coins, currency: 'HKD' });
  });

  app.get(
    `${V1}/user/balance-details`,
    {
      config: user,
      schema: {
        response: ledgerPageResponse,
        querystring: {
          type: 'object',
          properties: {
            account: { type: 'string', enum: [...ACCOUNTS], default: 'coins' },
            // the app's "all" filter sends an empty type
            type: { type: 'string', enum: ['', ...LEDGER_TYPES] },
            direction: { type: 'string', enum: ['', 'in', 'out'] },
            // YYYY-MM (Hong Kong time) for the income and expense details' month filter; empty = all
            month: { type: 'string', pattern: '^(|20[0-9]{2}-(0[1-9]|1[0-2]))$' },
            ...pagingSchema,
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await balanceDetails(
          db,
          requireUserId(request),
          {
            account: q.account ?? 'coins',
            type: q.type || undefined,
            direction: q.direction || undefined,
            month: q.month || undefined,
          },
          paging(q),
        ),
      );
    },
  );

  app.get(
    `${V1}/user/expert-incomes`,
    {
      config: user,
      schema: { response: incomesResponse, querystring: { type: 'object', properties: { ...pagingSchema } } },
    },
    async (request) => ok(await expertIncomes(db, requireUserId(request), paging(request.query))),
  );

  // bank cards
  app.get(`${V1}/banks`, { schema: { response: banksResponse }, config: { auth: 'none' } }, async (request) =>
    ok(banksView(lang(request))),
  );
  app.get(`${V1}/user-banks`, { schema: { response: userBanksResponse }, config: user }, async (request) =>
    ok(await listUserBanks(db, requireUserId(request), lang(request))),
  );
  app.post(
    `${V1}/international/user-banks`,
    { config: user, schema: { response: userBankResponse, body: dataSchema('wallet-bank-add') } },
    async (request) => ok(await addUserBank(db, requireUserId(request), request.body, lang(request))),
  );
  app.delete(
    `${V1}/user-banks/:id`,
    {
      config: user,
      // idParams: the same id rule, with `id` required so its type is a number (a path always has it)
      schema: { response: deletedResponse, params: idParams },
    },
    async (request) => {
      await deleteUserBank(db, requireUserId(request), request.params.id);
      return ok(null);
    },
  );

  // withdrawals
  app.get(
    `${V1}/config/withdraw-configs`,
    { schema: { response: withdrawConfigResponse }, config: { auth: 'none' } },
    async () => ok(withdrawConfigView()),
  );
  app.get(
    `${V1}/user/withdraw-record/amount`,
    {
      config: user,
      schema: {
        response: quoteResponse,
        querystring: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'integer', minimum: 0, maximum: 50000 } },
        },
      },
    },
    async (request) => ok(quoteView(request.query.amount)),
  );
  app.post(
    `${V1}/user/withdraw-records`,
    { config: user, schema: { body: dataSchema('wallet-withdraw'), response: withdrawalResponse } },
    async (request) => ok(await createWithdrawal(db, requireUserId(request), request.body, lang(request))),
  );
  app.get(
    `${V1}/user/withdraw-records`,
    {
      config: user,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingSchema,
            account: { type: 'string', enum: ['income', 'ecommerce'], default: 'income' },
          },
        },
        response: withdrawalPageResponse,
      },
    },
    async (request) =>
      ok(
        await listOwnWithdrawals(
          db,
          requireUserId(request),
          paging(request.query),
          lang(request),
          request.query.account,
        ),
      ),
  );
}
