/**
 * Real-name verification: a user submits their identity with two document images; an operator
 * approves or rejects it (server/modules/ops). One submission waits for review at a time; after a
 * rejection the user may submit again. Other modules ask `isRealNameVerified` before letting a user
 * publish or apply as an expert.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { countries, realNameVerifications } from '../../db/schema';
import type { RealnameIdentityBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { assertOwnUploads } from './owned-uploads';

export type RealNameRow = typeof realNameVerifications.$inferSelect;
export type IdentityStatus = 'none' | 'pending' | 'approved' | 'rejected';

export const ADULT_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and `today` (also YYYY-MM-DD, Hong Kong calendar). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The calendar date in Hong Kong (UTC+8, no daylight saving): where the users are. */
export function hkToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
}

export async function latestVerification(db: Db, userId: number): Promise<RealNameRow | undefined> {
  const [row] = await db
    .select()
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, userId))
    .orderBy(desc(realNameVerifications.id))
    .limit(1);
  return row;
}

export async function isRealNameVerified(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: realNameVerifications.id })
    .from(realNameVerifications)
    .where(and(eq(realNameVerifications.userId, userId), eq(realNameVerifications.status, 'approved')))
    .limit(1);
  return !!row;
}

/** Masks all but the first character of a name: the owner's status page does not need to echo it. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : chars[0] + '*'.repeat(Math.min(chars.length - 1, 4));
}

/** What the owner sees: status, reason, and enough of the submission to recognise it. */
export function identityView(row: RealNameRow | undefined) {
  if (!row) return { status: 'none' as IdentityStatus, reason: null, submission: null };
  return {
    status: row.status as IdentityStatus,
    reason: row.status === 'rejected' ? row.reason : null,
    submission: {
      id: row.id,
      full_name: maskName(row.fullName),
      country: row.country,
      document_type: row.documentType,
      created_at: row.createdAt.toISOString(),
      reviewed_at: row.reviewedAt?.toISOString() ?? null,
    },
  };
}

export async function submitIdentity(
  db: Db,
  userId: number,
  input: RealnameIdentityBody,
  now: Date = new Date(),
): Promise<RealNameRow> {
  if (!isRealDate(input.birth_date) || input.birth_date > hkToday(now)) {
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/birth_date', keyword: 'date' });
  }
  if (ageOn(input.birth_date, hkToday(now)) < ADULT_AGE) {
    throw new ApiError(E.NOT_ADULT, { in: 'body', pointer: '/birth_date', keyword: 'adult' });
  }
  const [country] = await db
    .select({ iso: countries.iso })
    .from(countries)
    .where(eq(countries.iso, input.country));
  if (!country) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/country', keyword: 'enum' });
  if (input.front_image === input.back_image) {
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/back_image', keyword: 'distinct' });
  }
  await assertOwnUploads(db, userId, { '/front_image': input.front_image, '/back_image': input.back_image });

  return db.transaction(async (tx) => {
    const latest = await latestVerification(tx as unknown as Db, userId);
    if (latest?.status === 'pending') throw new ApiError(E.IDENTITY_PENDING);
    if (latest?.status === 'approved') throw new ApiError(E.IDENTITY_APPROVED);
    try {
      const [row] = await tx
        .insert(realNameVerifications)
        .values({
          userId,
          fullName: input.full_name.trim(),
          birthDate: input.birth_date,
          country: input.country,
          documentType: input.document_type,
          frontUrl: input.front_image,
          backUrl: input.back_image,
        })
        .returning();
      return row;
    } catch (err) {
      // the one-pending unique index: a concurrent submission of the same user won
      if (isUniqueViolation(err)) throw new ApiError(E.IDENTITY_PENDING);
      throw err;
    }
  });
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Account deletion (auth's erase job): the account's identity records go entirely — name, birth date,
 * document photos' urls. Called inside the erase transaction.
 */
export async function eraseRealName(db: Db, userId: number): Promise<void> {
  await db.delete(realNameVerifications).where(eq(realNameVerifications.userId, userId));
}
