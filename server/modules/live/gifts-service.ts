/**
 * Gifts in a live room. A send is one transaction: the sender's coins are debited through the wallet
 * ledger (never negative: 110300; idempotent per tap id, so a retried tap charges once), the gift row
 * records the combo (the same gift by the same sender within the combo window counts up), and the
 * creator's share is credited to their income account through the ledger too.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveGifts, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { getBalances, postLedger } from '../wallet';
import catalogue from './gifts.json';
import { roomRow } from './rooms-service';

export interface Gift {
  id: string;
  price: number;
  icon: string;
}

export const giftCatalogue = {
  comboSeconds: catalogue.comboSeconds,
  creatorSharePercent: catalogue.creatorSharePercent,
  gifts: catalogue.gifts as Gift[],
};

export const creatorShareOf = (price: number) =>
  Math.floor((price * giftCatalogue.creatorSharePercent) / 100);

export function giftList() {
  return {
    combo_seconds: giftCatalogue.comboSeconds,
    list: giftCatalogue.gifts.map((g) => ({ id: g.id, price: g.price, icon: g.icon })),
  };
}

export interface SentGift {
  id: number;
  room_id: number;
  gift_id: string;
  price: number;
  combo: number;
  combo_seconds: number;
  tap_id: string;
  duplicate: boolean;
  balance: number;
}

type GiftRow = typeof liveGifts.$inferSelect;

const sentView = (g: GiftRow, duplicate: boolean, balance: number): SentGift => ({
  id: g.id,
  room_id: g.roomId,
  gift_id: g.giftId,
  price: g.price,
  combo: g.combo,
  combo_seconds: giftCatalogue.comboSeconds,
  tap_id: g.tapId,
  duplicate,
  balance,
});

async function priorTap(db: Db, userId: number, tapId: string) {
  const [g] = await db
    .select()
    .from(liveGifts)
    .where(and(eq(liveGifts.userId, userId), eq(liveGifts.tapId, tapId)));
  return g;
}

export async function sendGift(db: Db, roomId: number, userId: number, giftId: string, tapId: string) {
  const gift = giftCatalogue.gifts.find((g) => g.id === giftId);
  if (!gift) throw new ApiError(E.LIVE_GIFT_UNKNOWN);
  const room = await roomRow(db, roomId);
  const prior = await priorTap(db, userId, tapId);
  if (prior) {
    if (prior.roomId !== roomId || prior.giftId !== giftId) throw new ApiError(E.IDEMPOTENCY_CONFLICT);
    return sentView(prior, true, (await getBalances(db, userId)).coins);
  }
  if (room.status === 'ended') throw new ApiError(E.LIVE_ROOM_ENDED);
  if (room.creatorId === userId) throw new ApiError(E.LIVE_GIFT_OWN);
  const at = now();
  const windowStart = new Date(at.getTime() - giftCatalogue.comboSeconds * 1000);
  return db.transaction(async (tx) => {
    // locks the sender's coin account first: one sender's gifts are serialized, so the combo counts up
    const debit = await postLedger(tx, {
      userId,
      account: 'coins',
      amount: -gift.price,
      type: 'gift',
      refType: 'live_gift',
      refId: String(roomId),
      idempotencyKey: `live-gift:${tapId}`,
      memo: `live ${roomId} ${gift.id}`,
    });
    if (debit.duplicate) {
      const again = await priorTap(tx, userId, tapId);
      if (again) return sentView(again, true, debit.balance);
    }
    const [last] = await tx
      .select({ combo: liveGifts.combo, giftId: liveGifts.giftId, createdAt: liveGifts.createdAt })
      .from(liveGifts)
      .where(and(eq(liveGifts.roomId, roomId), eq(liveGifts.userId, userId)))
      .orderBy(desc(liveGifts.id))
      .limit(1);
    const combo = last && last.giftId === gift.id && last.createdAt >= windowStart ? last.combo + 1 : 1;
    const share = creatorShareOf(gift.price);
    const [row] = await tx
      .insert(liveGifts)
      .values({
        roomId,
        userId,
        giftId: gift.id,
        price: gift.price,
        creatorShare: share,
        combo,
        tapId,
        createdAt: at,
      })
      .returning();
    if (share > 0)
      await postLedger(tx, {
        userId: room.creatorId,
        account: 'income',
        amount: share,
        type: 'gift',
        refType: 'live_gift',
        refId: String(row.id),
        idempotencyKey: `live-gift-in:${row.id}`,
        memo: `live ${roomId} ${gift.id}`,
      });
    return sentView(row, false, debit.balance);
  });
}

export async function senderView(db: Db, userId: number) {
  const [u] = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { id: userId, nickname: '', avatar: '' };
}

/** The room's top senders by coins given. */
export async function giftRanking(db: Db, roomId: number, size = 20) {
  await roomRow(db, roomId);
  const found = await db
    .select({
      id: users.id,
      userExternal: users.userExternal,
      nickname: users.nickname,
      avatar: users.avatar,
      coins: sql<number>`sum(${liveGifts.price})::int`,
      gifts: sql<number>`count(*)::int`,
    })
    .from(liveGifts)
    .innerJoin(users, eq(users.id, liveGifts.userId))
    .where(eq(liveGifts.roomId, roomId))
    .groupBy(users.id)
    .orderBy(sql`sum(${liveGifts.price}) desc`, users.id)
    .limit(size);
  return {
    list: found.map((r, i) => ({
      rank: i + 1,
      user: { id: r.id, user_external: r.userExternal, nickname: r.nickname, avatar: r.avatar },
      coins: r.coins,
      gifts: r.gifts,
    })),
  };
}

/** The numbers of the live end page: duration, peak viewers, gifts and the creator's income. */
export async function roomTotals(db: Db, roomId: number) {
  const [t] = await db
    .select({
      gifts: sql<number>`count(*)::int`,
      coins: sql<number>`coalesce(sum(${liveGifts.price}), 0)::int`,
      income: sql<number>`coalesce(sum(${liveGifts.creatorShare}), 0)::int`,
      senders: sql<number>`count(distinct ${liveGifts.userId})::int`,
    })
    .from(liveGifts)
    .where(eq(liveGifts.roomId, roomId));
  return t;
}
