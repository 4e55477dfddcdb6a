/** Bank list and the user's payout cards (owner-only; another user's card reads as not found). */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { userBanks } from '../../db/schema';
import type { WalletBankAddBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { BANKS, findBank, MAX_BANK_CARDS } from './config';
import { hkIso } from './format';
import { isValidCardNumber, isValidHkid, maskCard, maskId } from './id-checks';

type UserBank = typeof userBanks.$inferSelect;

export function banksView(lang: Lang) {
  // value/label: the shape the app's picker widgets take as options
  return BANKS.map((b) => ({
    id: b.code,
    code: b.code,
    name: b.name[lang],
    name_en: b.en,
    color: b.color,
    value: b.code,
    label: b.name[lang],
  }));
}

export function userBankView(b: UserBank, lang: Lang) {
  const bank = findBank(b.bankCode);
  return {
    id: b.id,
    bank_id: b.bankCode,
    bank_name: bank?.name[lang] ?? b.bankCode,
    bank_color: bank?.color ?? '#1677ff',
    holder_name: b.holderName,
    id_type: b.idType,
    id_number: b.idNumberMasked,
    card_number: b.cardMasked,
    card_last4: b.cardNumber.slice(-4),
    branch: b.branch,
    phone: b.phone.replace(/^(\d{2})\d+(\d{2})$/, '$1****$2'),
    created_at: hkIso(b.createdAt),
    value: b.id,
    label: `${bank?.name[lang] ?? b.bankCode} ${b.cardMasked}`,
  };
}

export async function listUserBanks(db: Db, userId: number, lang: Lang) {
  const rows = await db
    .select()
    .from(userBanks)
    .where(and(eq(userBanks.userId, userId), isNull(userBanks.deletedAt)))
    .orderBy(desc(userBanks.id));
  return rows.map((r) => userBankView(r, lang));
}

export async function addUserBank(db: Db, userId: number, input: WalletBankAddBody, lang: Lang) {
  const bank = findBank(input.bank_id);
  if (!bank) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/bank_id', keyword: 'enum' });
  const card = input.card_number.replace(/\s+/g, '');
  if (!isValidCardNumber(card)) throw new ApiError(E.BANK_CARD_INVALID, { pointer: '/card_number' });
  if (input.id_type === 'hkid' && !isValidHkid(input.id_number))
    throw new ApiError(E.ID_NUMBER_INVALID, { pointer: '/id_number' });
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // serialise this user's card adds so two at once cannot both pass the limit
    await tx.execute(sql`select pg_advisory_xact_lock(7317300, ${userId})`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userBanks)
      .where(and(eq(userBanks.userId, userId), isNull(userBanks.deletedAt)));
    if (Number(n) >= MAX_BANK_CARDS) throw new ApiError(E.BANK_CARD_LIMIT);
    const [row] = await tx
      .insert(userBanks)
      .values({
        userId,
        bankCode: bank.code,
        holderName: input.holder_name.trim(),
        idType: input.id_type,
        idNumberMasked: maskId(input.id_type, input.id_number),
        cardNumber: card,
        cardMasked: maskCard(card),
        branch: (input.branch ?? '').trim(),
        phone: input.phone,
      })
      .returning();
    return userBankView(row, lang);
  });
}

/** Soft delete (withdrawal records keep their card); another user's id answers not found. */
export async function deleteUserBank(db: Db, userId: number, id: number): Promise<void> {
  const done = await db
    .update(userBanks)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(userBanks.id, id), eq(userBanks.userId, userId), isNull(userBanks.deletedAt)))
    .returning({ id: userBanks.id });
  if (!done.length) throw new ApiError(E.NOT_FOUND);
}

export async function findOwnBank(db: Db, userId: number, id: number): Promise<UserBank | null> {
  const [row] = await db
    .select()
    .from(userBanks)
    .where(and(eq(userBanks.id, id), eq(userBanks.userId, userId), isNull(userBanks.deletedAt)));
  return row ?? null;
}
