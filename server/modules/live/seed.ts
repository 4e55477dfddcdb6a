/**
 * Demo data: three seeded experts (+852 60000001..60000003) hold the creator role; the first two have
 * a demo room each, fed by the demo broadcaster (labelled 示範直播 on the picture and the page), the
 * first linked to the nearest hot match so its scoreboard shows a real fixture. Only where missing.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveCreators, liveRooms, matches, users } from '../../db/schema';
import { newStreamKey } from './rooms-service';

const CREATOR_PHONES = ['60000001', '60000002', '60000003'];

export async function seedLive(db: Db): Promise<void> {
  const found = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.areaCode, '852'), inArray(users.phone, CREATOR_PHONES)));
  const byPhone = new Map(found.map((u) => [u.phone, u.id]));
  const ids = CREATOR_PHONES.map((p) => byPhone.get(p)).filter((x): x is number => typeof x === 'number');
  if (!ids.length) return;
  await db
    .insert(liveCreators)
    .values(ids.map((userId) => ({ userId })))
    .onConflictDoNothing();
  const [demo] = await db
    .select({ id: liveRooms.id })
    .from(liveRooms)
    .where(eq(liveRooms.demo, true))
    .limit(1);
  if (demo) return;
  const [hot] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.hot, true), gte(matches.startAt, new Date(Date.now() - 2 * 3600_000))))
    .orderBy(asc(matches.startAt))
    .limit(1);
  const rooms = [
    {
      creatorId: ids[0],
      title: '焦點戰賽前賽後傾：比分同節奏一齊睇',
      category: 'football',
      matchId: hot?.id ?? null,
    },
    { creatorId: ids[1] ?? ids[0], title: '週末波膽研究室：數據話你知', category: 'analysis', matchId: null },
  ];
  await db.insert(liveRooms).values(rooms.map((r) => ({ ...r, demo: true, streamKey: newStreamKey() })));
}
