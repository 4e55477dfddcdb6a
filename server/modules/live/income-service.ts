/** A creator's income from gifts, per room (the share is credited to the wallet's income account). */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveCreators, liveGifts, liveRooms } from '../../db/schema';
import { giftCatalogue } from './gifts-service';

export async function creatorIncome(db: Db, creatorId: number) {
  const rows = await db
    .select({
      roomId: liveRooms.id,
      title: liveRooms.title,
      endedAt: liveRooms.endedAt,
      gifts: sql<number>`count(${liveGifts.id})::int`,
      income: sql<number>`coalesce(sum(${liveGifts.creatorShare}), 0)::int`,
    })
    .from(liveRooms)
    .leftJoin(liveGifts, eq(liveGifts.roomId, liveRooms.id))
    .where(eq(liveRooms.creatorId, creatorId))
    .groupBy(liveRooms.id)
    .orderBy(desc(liveRooms.id))
    .limit(50);
  const [c] = await db
    .select({ giftValue: liveCreators.giftValue })
    .from(liveCreators)
    .where(eq(liveCreators.userId, creatorId));
  const pct = giftCatalogue.creatorSharePercent;
  return {
    total_income: rows.reduce((s, r) => s + r.income, 0),
    share_percent: pct,
    // the fraction of a coin earned but not yet credited (whole coins only go through the ledger)
    carry_hundredths: ((c?.giftValue ?? 0) * pct) % 100,
    list: rows.map((r) => ({
      room_id: r.roomId,
      title: r.title,
      ended_at: r.endedAt ? r.endedAt.toISOString() : null,
      gifts: r.gifts,
      income: r.income,
    })),
  };
}
