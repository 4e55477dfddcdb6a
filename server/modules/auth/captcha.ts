/**
 * Image captchas guard code sending. One live answer per target; asking again replaces it; checking
 * it consumes it whatever the outcome, so an answer can never be tried twice.
 */
import { eq } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db';
import { captchas } from '../../db/schema';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { recordOutbox } from '../../providers/outbox';
import { outboxAddress, type Target, targetKey } from './targets';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export async function createCaptcha(db: Db, target: Target, opts: { devOutbox: boolean }): Promise<string> {
  // drawn at twice the 78x37 display size so it stays sharp on 2x screens
  const captcha = svgCaptcha.create({
    size: 4,
    ignoreChars: '0oO1iIlL',
    noise: 2,
    color: true,
    width: 156,
    height: 74,
    fontSize: 64,
    background: '#f4f6f8',
  });
  const answer = captcha.text.toLowerCase();
  const key = targetKey(target);
  const expiresAt = new Date(nowMs() + CAPTCHA_TTL_MS);
  await db
    .insert(captchas)
    .values({ target: key, answer, createdAt: now(), expiresAt })
    .onConflictDoUpdate({ target: captchas.target, set: { answer, createdAt: now(), expiresAt } });
  if (opts.devOutbox) {
    await recordOutbox(db, { channel: 'captcha', to: outboxAddress(target), code: answer, text: answer });
  }
  return `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
}

/** Throws 100101 unless the answer matches the live captcha (case-insensitive). Always consumes it. */
export async function consumeCaptcha(db: Db, target: Target, answer: string): Promise<void> {
  const [row] = await db
    .delete(captchas)
    .where(eq(captchas.target, targetKey(target)))
    .returning();
  const given = answer.trim().toLowerCase();
  if (!row || row.expiresAt.getTime() <= nowMs() || row.answer !== given) {
    throw new ApiError(E.CAPTCHA_WRONG);
  }
}
