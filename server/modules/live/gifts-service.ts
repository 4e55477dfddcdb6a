/**
 * Gifts in a live room. A send is one statement (see sendGift): the sender's coins are debited through
 * the wallet ledger (never negative: 110300; idempotent per tap id, so a retried tap charges once), the
 * gift row records the combo (the same gift by the same sender within the combo window counts up), and
 * the creator's share is credited to their income account through the ledger too.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { isOneSession, runPrepared } from '../../db/prepared';
import { liveGifts, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { gatedCredit, gatedDebit, getBalances, lockAccount } from '../wallet';
import catalogue from './gifts.json';
import { roomRow } from './rooms-service';

export interface Gift {
  id: string;
  price: number;
  icon: string;
  /** the gift drawn as SVG (public/gifts) */
  image: string;
}

export const giftCatalogue = {
  comboSeconds: catalogue.comboSeconds,
  creatorSharePercent: catalogue.creatorSharePercent,
  gifts: catalogue.gifts as Gift[],
};

/**
 * The income one gift credits: what it adds to floor(all the creator's gift coins × share% / 100).
 * So the creator's income is always that floor of everything received, exactly (60 % of 1 + 1 + 1 coin
 * gifts credits 0, 1, 0 = floor(1.8)), not the sum of per-gift floors (which dropped every 1-coin gift).
 */
export const creatorShareOf = (price: number, valueBefore = 0) => {
  const pct = giftCatalogue.creatorSharePercent;
  return Math.floor(((valueBefore + price) * pct) / 100) - Math.floor((valueBefore * pct) / 100);
};

export function giftList() {
  return {
    combo_seconds: giftCatalogue.comboSeconds,
    list: giftCatalogue.gifts.map((g) => ({ id: g.id, price: g.price, icon: g.icon, image: g.image })),
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

type GiftRow = Pick<typeof liveGifts.$inferSelect, 'id' | 'roomId' | 'giftId' | 'price' | 'combo' | 'tapId'>;

export interface Sender {
  id: number;
  nickname: string;
  avatar: string;
}

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

/**
 * A send is ONE statement (its own transaction; PGlite runs one query at a time, so round trips are
 * the cost — the bench measured 154 gifts/s with the earlier nine): lock the sender's coin account,
 * check the room is open, not the sender's own and the gift affordable, insert the gift row with its
 * combo (the sender's last gift in this room: same gift within the window counts up; one sender's
 * sends are serialized by the account lock), debit the price (gatedDebit) and credit the creator's
 * share to their income account (gatedCredit), both through the ledger; the guards roll all of it back
 * if either entry was not posted. The unique (user, tap) gift row makes a retried tap charge once.
 * When nothing was sent, a few reads find out why (unknown room, ended, own room, a repeated tap, 110300).
 */
export async function sendGift(
  db: Db,
  roomId: number,
  userId: number,
  giftId: string,
  tapId: string,
): Promise<SentGift & { user: Sender }> {
  const gift = giftCatalogue.gifts.find((g) => g.id === giftId);
  if (!gift) throw new ApiError(E.LIVE_GIFT_UNKNOWN);
  for (let attempt = 0; attempt < 2; attempt++) {
    const sent = isOneSession(db)
      ? await giftStatement(db, roomId, userId, gift, tapId)
      : // PostgreSQL: the statement would read the sender's last gift (the combo) from the snapshot it
        // started with, before it waited for the account lock; holding the lock first makes it see it
        await db.transaction(async (tx) => {
          await lockAccount(tx as unknown as Db, userId, 'coins');
          return giftStatement(tx as unknown as Db, roomId, userId, gift, tapId);
        });
    if (sent) return sent;
    const why = await whyNotSent(db, roomId, userId, gift, tapId);
    if (why) return why;
    // open and affordable now: a concurrent change (a top-up, another send) — try once more
  }
  throw new ApiError(E.INSUFFICIENT_COINS);
}

async function giftStatement(db: Db, roomId: number, userId: number, gift: Gift, tapId: string) {
  const at = now();
  const windowStart = new Date(at.getTime() - giftCatalogue.comboSeconds * 1000);
  const pct = giftCatalogue.creatorSharePercent;
  const memo = `live ${roomId} ${gift.id}`;
  const debit = gatedDebit({
    userId,
    account: 'coins',
    type: 'gift',
    refType: 'live_gift',
    idempotencyKey: `live-gift:${tapId}`,
    memo,
  });
  const credit = gatedCredit({ account: 'income', type: 'gift', refType: 'live_gift', memo });
  const found = await runPrepared(
    db,
    'live_gift_send',
    sql`
      with ${debit.lock}, room as (
        select id, creator_id from live_rooms
        where id = ${roomId}::int and status <> 'ended' and creator_id <> ${userId}::int
      ), last as (
        select combo, gift_id, created_at from live_gifts
        where room_id = ${roomId}::int and user_id = ${userId}::int
        order by id desc limit 1
      ), fresh as (
        select 1 from room
        where ${gift.price}::int <= coalesce((select balance from acct), 0)
          and not exists (
            select 1 from live_gifts where user_id = ${userId}::int and tap_id = ${tapId}::text)
      ), tot as (
        -- the creator's running total; an UPDATE waits for a concurrent gift to the same creator and
        -- then reads its committed total, so two gifts never credit the same fraction twice
        update live_creators set gift_value = live_creators.gift_value + ${gift.price}::int
        from room
        where live_creators.user_id = room.creator_id and exists (select 1 from fresh)
        returning live_creators.gift_value
      ), cut as (
        select coalesce(
          (select (gift_value * ${pct}::int) / 100 - ((gift_value - ${gift.price}::int) * ${pct}::int) / 100
           from tot),
          (${gift.price}::int * ${pct}::int) / 100)::int as amount
      ), g as (
        insert into live_gifts (room_id, user_id, gift_id, price, creator_share, combo, tap_id, created_at)
        select room.id, ${userId}::int, ${gift.id}::text, ${gift.price}::int, (select amount from cut),
          coalesce((select combo + 1 from last
            where gift_id = ${gift.id}::text and created_at >= ${windowStart.toISOString()}::timestamptz), 1),
          ${tapId}::text, ${at.toISOString()}::timestamptz
        from room
        where ${gift.price}::int <= coalesce((select balance from acct), 0)
        on conflict (user_id, tap_id) do nothing
        returning id, room_id, gift_id, price, combo, tap_id
      ), charge as (
        select price as amount, room_id::text as ref_id from g
      ), ${debit.post}, credit as (
        select room.creator_id as user_id, (select amount from cut) as amount, g.id::text as ref_id,
          'live-gift-in:' || g.id as idem
        from g, room
      ), ${credit.post}
      select g.id, g.room_id, g.gift_id, g.price, g.combo, g.tap_id,
        (select balance from bal) as balance, u.nickname, u.avatar,
        ${debit.guard} as guard, ${credit.guard} as cguard
      from g, users u where u.id = ${userId}::int`,
  );
  if (!found.length) return null;
  const r = found[0];
  return {
    ...sentView(
      {
        id: Number(r.id),
        roomId: Number(r.room_id),
        giftId: String(r.gift_id),
        price: Number(r.price),
        combo: Number(r.combo),
        tapId: String(r.tap_id),
      },
      false,
      Number(r.balance),
    ),
    user: { id: userId, nickname: String(r.nickname ?? ''), avatar: String(r.avatar ?? '') },
  };
}

/** Nothing was sent: a repeated tap (answered as the first send, no charge), or why not. */
async function whyNotSent(db: Db, roomId: number, userId: number, gift: Gift, tapId: string) {
  const room = await roomRow(db, roomId);
  const prior = await priorTap(db, userId, tapId);
  if (prior) {
    if (prior.roomId !== roomId || prior.giftId !== gift.id) throw new ApiError(E.IDEMPOTENCY_CONFLICT);
    const balance = (await getBalances(db, userId)).coins;
    return { ...sentView(prior, true, balance), user: await senderView(db, userId) };
  }
  if (room.status === 'ended') throw new ApiError(E.LIVE_ROOM_ENDED);
  if (room.creatorId === userId) throw new ApiError(E.LIVE_GIFT_OWN);
  if (gift.price > (await getBalances(db, userId)).coins) throw new ApiError(E.INSUFFICIENT_COINS);
  return null;
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
