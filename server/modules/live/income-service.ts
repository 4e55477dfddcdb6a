/** A creator's income from gifts, per room (the share is credited to the wallet's income account). */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveGifts, liveRooms } from '../../db/schema';

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
  return {
    total_income: rows.reduce((s, r) => s + r.income, 0),
    list: rows.map((r) => ({
      room_id: r.roomId,
      title: r.title,
      ended_at: r.endedAt ? r.endedAt.toISOString() : null,
      gifts: r.gifts,
      income: r.income,
    })),
  };
}
