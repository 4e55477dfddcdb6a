/**
 * Income withdrawals. A request debits the income account at once (type 'withdrawal') and waits in
 * 'processing' until an operator marks it paid ('success') or failed; failure returns the coins
 * through the ledger ('withdrawal_refund'). Each state change happens once: only processing moves.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { withdrawQuote } from '../../../contracts/withdraw-fee';
import type { Db } from '../../db';
import { withdrawals } from '../../db/schema';
import type { WalletWithdrawBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { findOwnBank } from './banks-service';
import { findBank, WITHDRAW_CONFIG } from './config';
import { epochMs, hkd, hkIso, type PageArgs } from './format';
import { postLedger } from './ledger';

type Withdrawal = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = 'processing' | 'success' | 'failed';

export function withdrawConfigView() {
  return {
    min_amount: WITHDRAW_CONFIG.minAmount,
    max_amount: WITHDRAW_CONFIG.maxAmount,
    rate_cents: WITHDRAW_CONFIG.rateCents,
    fee_fixed_cents: WITHDRAW_CONFIG.feeFixedCents,
    fee_percent: WITHDRAW_CONFIG.feePercent,
    processing_days: WITHDRAW_CONFIG.processingDays,
    currency: 'HKD',
  };
}

export function quoteView(amount: number) {
  const q = withdrawQuote(amount, withdrawConfigView());
  return {
    amount,
    gross_cents: q.grossCents,
    fee_cents: q.feeCents,
    fee: hkd(q.feeCents),
    receive_cents: q.receiveCents,
    receive_amount: hkd(q.receiveCents),
    currency: 'HKD',
  };
}

export function withdrawalView(w: Withdrawal, lang: Lang) {
  const snap = w.bankSnapshot as { bank_code: string; card_masked: string; holder_name: string };
  return {
    id: w.id,
    amount: w.amount,
    account: w.account,
    fee_cents: w.feeCents,
    fee: hkd(w.feeCents),
    receive_cents: w.receiveCents,
    receive_amount: hkd(w.receiveCents),
    status: w.status as WithdrawalStatus,
    reason: w.reason,
    user_bank_id: w.userBankId,
    bank_name: findBank(snap.bank_code)?.name[lang] ?? snap.bank_code,
    card_number: snap.card_masked,
    holder_name: snap.holder_name,
    created_at: hkIso(w.createdAt),
    created_ms: epochMs(w.createdAt),
    processed_at: hkIso(w.processedAt),
  };
}

/** the ledger account a withdrawal pays out of, and how many of its units one `amount` unit is */
function source(account: string | undefined): { account: 'income' | 'ecommerce'; unit: number } {
  // promotion income is kept in HKD cents and withdrawn in whole HKD (one income coin is HK$1 too)
  return account === 'ecommerce' ? { account: 'ecommerce', unit: 100 } : { account: 'income', unit: 1 };
}

export async function createWithdrawal(db: Db, userId: number, input: WalletWithdrawBody, lang: Lang) {
  const from = source(input.account);
  if (input.amount < WITHDRAW_CONFIG.minAmount)
    throw new ApiError(E.WITHDRAW_BELOW_MIN, { min_amount: WITHDRAW_CONFIG.minAmount });
  const bank = await findOwnBank(db, userId, input.user_bank_id);
  if (!bank) throw new ApiError(E.BANK_CARD_REQUIRED);
  const q = withdrawQuote(input.amount, withdrawConfigView());
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const inserted = await tx
      .insert(withdrawals)
      .values({
        userId,
        userBankId: bank.id,
        amount: input.amount,
        account: from.account,
        feeCents: q.feeCents,
        receiveCents: q.receiveCents,
        bankSnapshot: {
          bank_code: bank.bankCode,
          card_masked: bank.cardMasked,
          holder_name: bank.holderName,
        },
        idempotencyKey: input.idempotency_key,
      })
      .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.idempotencyKey] })
      .returning();
    if (!inserted.length) {
      // a retried submit: answer the first request, charge nothing more
      const [prior] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, input.idempotency_key)));
      if (prior.amount !== input.amount || prior.userBankId !== bank.id || prior.account !== from.account)
        throw new ApiError(E.IDEMPOTENCY_CONFLICT);
      return withdrawalView(prior, lang);
    }
    const w = inserted[0];
    await postLedger(tx, {
      userId,
      account: from.account,
      amount: -input.amount * from.unit,
      type: 'withdrawal',
      refType: 'withdrawal',
      refId: String(w.id),
      idempotencyKey: `withdrawal:${w.id}`,
    });
    return withdrawalView(w, lang);
  });
}

export async function listOwnWithdrawals(
  db: Db,
  userId: number,
  { page, size }: PageArgs,
  lang: Lang,
  account = 'income',
) {
  const where = and(eq(withdrawals.userId, userId), eq(withdrawals.account, account));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { list: rows.map((w) => withdrawalView(w, lang)), total: Number(n), page, size };
}

/** Ops console: every user's withdrawals, newest first, optionally by status. */
export async function listWithdrawals(
  db: Db,
  opts: { status?: WithdrawalStatus; page: number; size: number },
  lang: Lang = 'zhhk',
) {
  const where = opts.status ? eq(withdrawals.status, opts.status) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return {
    list: rows.map((w) => ({ ...withdrawalView(w, lang), user_id: w.userId, operator_id: w.operatorId })),
    total: Number(n),
    page: opts.page,
    size: opts.size,
  };
}

/** processing → success. Anything else answers ORDER_STATE (110306); unknown id NOT_FOUND. */
export async function markWithdrawalPaid(db: Db, id: number, operatorId: number, lang: Lang = 'zhhk') {
  return decide(db, id, operatorId, 'success', null, lang);
}

/** processing → failed with a reason, and the coins go back to the income account. */
export async function markWithdrawalFailed(
  db: Db,
  id: number,
  operatorId: number,
  reason: string,
  lang: Lang = 'zhhk',
) {
  if (!reason.trim()) throw new ApiError(E.BAD_REQUEST, { pointer: '/reason', keyword: 'minLength' });
  return decide(db, id, operatorId, 'failed', reason.trim(), lang);
}

async function decide(
  db: Db,
  id: number,
  operatorId: number,
  to: 'success' | 'failed',
  reason: string | null,
  lang: Lang,
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // the status condition makes a second decision (or two operators at once) a no-op, not a double refund
    const [w] = await tx
      .update(withdrawals)
      .set({ status: to, reason, operatorId, processedAt: sql`now()` })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'processing')))
      .returning();
    if (!w) {
      const [exists] = await tx
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(eq(withdrawals.id, id));
      throw new ApiError(exists ? E.ORDER_STATE : E.NOT_FOUND);
    }
    if (to === 'failed') {
      const from = source(w.account);
      await postLedger(tx, {
        userId: w.userId,
        account: from.account,
        amount: w.amount * from.unit,
        type: 'withdrawal_refund',
        refType: 'withdrawal',
        refId: String(w.id),
        idempotencyKey: `withdrawal_refund:${w.id}`,
        memo: reason ?? '',
      });
    }
    return withdrawalView(w, lang);
  });
}
