import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { outbox } from '../db/schema/content';
import type { ProviderLog } from './types';

export type OutboxDb = Db;

/** captcha answers are recorded too so dev tools and tests can read them */
export type OutboxChannel = 'sms' | 'email' | 'captcha';

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  code: string;
  text: string;
  /** ISO timestamp */
  at: string;
}

export async function recordOutbox(
  db: OutboxDb,
  m: { channel: OutboxChannel; to: string; code: string; text: string },
  log?: ProviderLog,
): Promise<void> {
  await db.insert(outbox).values({ channel: m.channel, to: m.to, code: m.code, text: m.text });
  log?.info(
    { outbox: { channel: m.channel, to: m.to, code: m.code } },
    `outbox ${m.channel} -> ${m.to}: ${m.text}`,
  );
}

/** Newest first; `to` narrows to one phone or email. */
export async function listOutbox(db: OutboxDb, to?: string, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    channel: r.channel as OutboxChannel,
    to: r.to,
    code: r.code,
    text: r.text,
    at: r.createdAt.toISOString(),
  }));
}
