/**
 * Lucky bags (spec §3 `lucky_bag_rule`). A creator drops a bag in their own open room: the total is
 * debited from their income account through the ledger when the bag is made (never negative: 110301;
 * one bag per creator tap, one open bag per room). Signed-in viewers join before the countdown ends,
 * once each (the creator may not). At the end the bag is drawn in one transaction: the total is cut
 * into `shares` parts (even: total / shares each, the odd coins go back; random: a random split, each
 * part at least one coin), min(shares, entrants) winners are picked at random (crypto) and each gets
 * one part, credited to their coin wallet through the ledger (idempotency key per bag and user); what
 * was not won goes back to the creator's income (one refund entry per bag). A drawn bag is never
 * drawn again (the bag row is locked and its status checked), so coins in == coins out, always.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveLuckyBagEntries, liveLuckyBags, liveRooms, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { postLedger } from '../wallet';
import rules from './lucky-bag.json';
import { assertCreator } from './rooms-service';

export const luckyBagRules = {
  countdowns: rules.countdowns as number[],
  minTotal: rules.minTotal,
  maxTotal: rules.maxTotal,
  maxShares: rules.maxShares,
};

export type BagMode = 'even' | 'random';
type BagRow = typeof liveLuckyBags.$inferSelect;

export interface NewBag {
  total: number;
  shares: number;
  mode: BagMode;
  seconds: number;
  tap_id: string;
}

/** The parts a bag is cut into (sum == total for random; even parts leave total % shares over). */
export function splitBag(total: number, shares: number, mode: BagMode, pick = randomInt): number[] {
  if (mode === 'even') return Array.from({ length: shares }, () => Math.floor(total / shares));
  // shares - 1 distinct cut points in 1..total-1: every part at least one coin, all parts sum to total
  const cuts = new Set<number>();
  while (cuts.size < shares - 1) cuts.add(1 + pick(total - 1));
  const sorted = [0, ...[...cuts].sort((a, b) => a - b), total];
  return sorted.slice(1).map((c, i) => c - sorted[i]);
}

/** A random sample of k items (Fisher-Yates over a copy, crypto randomness). */
function sample<T>(items: T[], k: number, pick = randomInt): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, k);
}

export async function createBag(db: Db, roomId: number, creatorId: number, body: NewBag) {
  await assertCreator(db, creatorId);
  if (!luckyBagRules.countdowns.includes(body.seconds))
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/seconds', keyword: 'enum' });
  if (body.total < body.shares)
    throw new ApiError(E.LUCKY_BAG_SHARES, { max_shares: Math.min(body.total, luckyBagRules.maxShares) });
  const id = await db.transaction(async (t) => {
    const [room] = await t.select().from(liveRooms).where(eq(liveRooms.id, roomId)).for('update');
    if (!room) throw new ApiError(E.NOT_FOUND);
    if (room.creatorId !== creatorId) throw new ApiError(E.NO_PERMISSION);
    const [prior] = await t
      .select({ id: liveLuckyBags.id, roomId: liveLuckyBags.roomId })
      .from(liveLuckyBags)
      .where(and(eq(liveLuckyBags.creatorId, creatorId), eq(liveLuckyBags.tapId, body.tap_id)));
    if (prior) {
      if (prior.roomId !== roomId) throw new ApiError(E.IDEMPOTENCY_CONFLICT);
      return prior.id; // a retried tap: the bag it made
    }
    if (room.status === 'ended') throw new ApiError(E.LIVE_ROOM_ENDED);
    const [open] = await t
      .select({ id: liveLuckyBags.id })
      .from(liveLuckyBags)
      .where(and(eq(liveLuckyBags.roomId, roomId), eq(liveLuckyBags.status, 'open')));
    if (open) throw new ApiError(E.LUCKY_BAG_OPEN, { bag_id: open.id });
    const [bag] = await t
      .insert(liveLuckyBags)
      .values({
        roomId,
        creatorId,
        total: body.total,
        shares: body.shares,
        mode: body.mode,
        tapId: body.tap_id,
        endsAt: new Date(now().getTime() + body.seconds * 1000),
      })
      .returning({ id: liveLuckyBags.id });
    await postLedger(t, {
      userId: creatorId,
      account: 'income',
      amount: -body.total,
      type: 'lucky_bag',
      refType: 'live_lucky_bag',
      refId: String(bag.id),
      idempotencyKey: `lucky-bag:${bag.id}`,
      memo: `live ${roomId} lucky bag`,
    });
    return bag.id;
  });
  return bagView(db, id, creatorId);
}

/** Joins the bag before its countdown ends; a second join answers the first (joined, no change). */
export async function joinBag(db: Db, bagId: number, userId: number) {
  await db.transaction(async (t) => {
    // a share lock: the draw (FOR UPDATE) waits for joins in flight and joins after it see 'drawn'
    const [bag] = await t.select().from(liveLuckyBags).where(eq(liveLuckyBags.id, bagId)).for('share');
    if (!bag) throw new ApiError(E.NOT_FOUND);
    if (bag.creatorId === userId) throw new ApiError(E.LUCKY_BAG_OWN);
    if (bag.status !== 'open' || bag.endsAt.getTime() <= now().getTime()) {
      const [mine] = await t
        .select({ u: liveLuckyBagEntries.userId })
        .from(liveLuckyBagEntries)
        .where(and(eq(liveLuckyBagEntries.bagId, bagId), eq(liveLuckyBagEntries.userId, userId)));
      if (!mine) throw new ApiError(E.LUCKY_BAG_CLOSED);
      return;
    }
    await t.insert(liveLuckyBagEntries).values({ bagId, userId }).onConflictDoNothing();
  });
  return bagView(db, bagId, userId);
}

export interface DrawnBag {
  id: number;
  roomId: number;
}

/** Draws the bag when its countdown is over and it is still open; null when there was nothing to do. */
export async function drawBag(db: Db, bagId: number, pick = randomInt): Promise<DrawnBag | null> {
  return db.transaction(async (t) => {
    const [bag] = await t.select().from(liveLuckyBags).where(eq(liveLuckyBags.id, bagId)).for('update');
    if (bag?.status !== 'open' || bag.endsAt.getTime() > now().getTime()) return null;
    const entrants = await t
      .select({ userId: liveLuckyBagEntries.userId })
      .from(liveLuckyBagEntries)
      .where(eq(liveLuckyBagEntries.bagId, bagId))
      .orderBy(asc(liveLuckyBagEntries.userId));
    const parts = splitBag(bag.total, bag.shares, bag.mode as BagMode, pick);
    const winners = sample(
      entrants.map((e) => e.userId),
      Math.min(bag.shares, entrants.length),
      pick,
    );
    let paid = 0;
    for (const [i, userId] of winners.entries()) {
      const amount = parts[i];
      if (amount <= 0) continue;
      await postLedger(t, {
        userId,
        account: 'coins',
        amount,
        type: 'lucky_bag',
        refType: 'live_lucky_bag',
        refId: String(bagId),
        idempotencyKey: `lucky-bag-win:${bagId}`,
        memo: `live ${bag.roomId} lucky bag`,
      });
      await t
        .update(liveLuckyBagEntries)
        .set({ amount })
        .where(and(eq(liveLuckyBagEntries.bagId, bagId), eq(liveLuckyBagEntries.userId, userId)));
      paid += amount;
    }
    await t
      .update(liveLuckyBagEntries)
      .set({ amount: 0 })
      .where(and(eq(liveLuckyBagEntries.bagId, bagId), sql`${liveLuckyBagEntries.amount} is null`));
    const refund = bag.total - paid;
    if (refund > 0)
      await postLedger(t, {
        userId: bag.creatorId,
        account: 'income',
        amount: refund,
        type: 'lucky_bag_refund',
        refType: 'live_lucky_bag',
        refId: String(bagId),
        idempotencyKey: `lucky-bag-refund:${bagId}`,
        memo: `live ${bag.roomId} lucky bag: not won`,
      });
    await t
      .update(liveLuckyBags)
      .set({ status: 'drawn', paid, refunded: refund, drawnAt: now() })
      .where(eq(liveLuckyBags.id, bagId));
    return { id: bagId, roomId: bag.roomId };
  });
}

/** Draws every bag whose countdown is over (the server runs it every second). */
export async function drawDueBags(db: Db): Promise<DrawnBag[]> {
  const due = await db
    .select({ id: liveLuckyBags.id })
    .from(liveLuckyBags)
    .where(and(eq(liveLuckyBags.status, 'open'), lte(liveLuckyBags.endsAt, now())))
    .limit(50);
  const drawn: DrawnBag[] = [];
  for (const b of due) {
    const d = await drawBag(db, b.id);
    if (d) drawn.push(d);
  }
  return drawn;
}

/** The room's newest bag (open, or the last drawn one), or null. */
export async function currentBag(db: Db, roomId: number, viewerId: number | null) {
  const [room] = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.id, roomId));
  if (!room) throw new ApiError(E.NOT_FOUND);
  const [bag] = await db
    .select({ id: liveLuckyBags.id })
    .from(liveLuckyBags)
    .where(eq(liveLuckyBags.roomId, roomId))
    .orderBy(desc(liveLuckyBags.id))
    .limit(1);
  return { bag: bag ? await bagView(db, bag.id, viewerId) : null };
}

async function bagRow(db: Db, bagId: number): Promise<BagRow> {
  const [bag] = await db.select().from(liveLuckyBags).where(eq(liveLuckyBags.id, bagId));
  if (!bag) throw new ApiError(E.NOT_FOUND);
  return bag;
}

/** The bag as the room sees it: entrants, the caller's entry, and the winners once drawn. */
export async function bagView(db: Db, bagId: number, viewerId: number | null) {
  const bag = await bagRow(db, bagId);
  const [{ entrants }] = await db
    .select({ entrants: sql<number>`count(*)::int` })
    .from(liveLuckyBagEntries)
    .where(eq(liveLuckyBagEntries.bagId, bagId));
  const [mine] = viewerId
    ? await db
        .select({ amount: liveLuckyBagEntries.amount })
        .from(liveLuckyBagEntries)
        .where(and(eq(liveLuckyBagEntries.bagId, bagId), eq(liveLuckyBagEntries.userId, viewerId)))
    : [];
  const winners =
    bag.status === 'drawn'
      ? await db
          .select({
            id: users.id,
            nickname: users.nickname,
            avatar: users.avatar,
            amount: liveLuckyBagEntries.amount,
          })
          .from(liveLuckyBagEntries)
          .innerJoin(users, eq(users.id, liveLuckyBagEntries.userId))
          .where(and(eq(liveLuckyBagEntries.bagId, bagId), sql`${liveLuckyBagEntries.amount} > 0`))
          .orderBy(desc(liveLuckyBagEntries.amount), asc(users.id))
          .limit(100)
      : [];
  return {
    id: bag.id,
    room_id: bag.roomId,
    total: bag.total,
    shares: bag.shares,
    mode: bag.mode as BagMode,
    status: bag.status as 'open' | 'drawn',
    ends_at: bag.endsAt.toISOString(),
    entrants,
    joined: !!mine,
    my_amount: mine?.amount ?? null,
    mine: viewerId === bag.creatorId,
    paid: bag.paid,
    refunded: bag.refunded,
    winners: winners.map((w) => ({
      user: { id: w.id, nickname: w.nickname, avatar: w.avatar },
      amount: w.amount ?? 0,
    })),
  };
}
