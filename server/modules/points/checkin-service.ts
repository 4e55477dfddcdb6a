/**
 * The daily check-in: once per Hong Kong calendar day (UTC+8, no daylight saving), `checkin` points,
 * plus `streakBonus` on every `streakDays`-th consecutive day. The day's row (primary key user + day)
 * and the ledger entry (key `checkin:<day>`) are written in one transaction, so a second tap, a retry
 * or two tabs at once credit the day once and answer the same result.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import { postPoints } from './ledger';
import { pointsRules } from './rules';

const HKT_OFFSET = 8 * 3_600_000;
const DAY = 86_400_000;

/** 'YYYY-MM-DD' of the Hong Kong day `ms` falls in */
export const hktDay = (ms: number) => new Date(ms + HKT_OFFSET).toISOString().slice(0, 10);

/** the points a day of streak `streak` earns, and of them the bonus */
export function checkinPoints(streak: number) {
  const r = pointsRules();
  const bonus = streak > 0 && streak % r.streakDays === 0 ? r.streakBonus : 0;
  return { base: r.checkin, bonus, total: r.checkin + bonus };
}

export async function checkinState(db: Db, userId: number) {
  const today = hktDay(nowMs());
  const yesterday = hktDay(nowMs() - DAY);
  const recent = await rows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, streak, points from points_checkins
        where user_id = ${userId} and day >= ${yesterday}::date order by day desc`,
  );
  const todayRow = recent.find((r) => r.day === today);
  const lastRow = todayRow ?? recent.find((r) => r.day === yesterday);
  const streak = lastRow ? Number(lastRow.streak) : 0;
  const next = streak + 1;
  const r = pointsRules();
  return {
    day: today,
    checked_in: Boolean(todayRow),
    streak,
    today_points: todayRow ? Number(todayRow.points) : 0,
    /** what the next check-in (today's, or tomorrow's when today is done) earns */
    next_points: checkinPoints(next).total,
    streak_days: r.streakDays,
    streak_bonus: r.streakBonus,
    /** days left until the next bonus day, counting the next check-in */
    days_to_bonus: r.streakDays - ((next - 1) % r.streakDays) - 1,
  };
}

export async function checkIn(db: Db, userId: number) {
  const today = hktDay(nowMs());
  const yesterday = hktDay(nowMs() - DAY);
  const credited = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [prev] = await rows(
      tx,
      sql`select streak from points_checkins where user_id = ${userId} and day = ${yesterday}::date`,
    );
    const streak = prev ? Number(prev.streak) + 1 : 1;
    const pts = checkinPoints(streak);
    const [ins] = await rows(
      tx,
      sql`insert into points_checkins (user_id, day, streak, points, created_at)
          values (${userId}, ${today}::date, ${streak}, ${pts.total}, ${now()})
          on conflict do nothing returning streak`,
    );
    if (!ins) return 0;
    await postPoints(tx, {
      userId,
      amount: pts.base,
      reason: 'checkin',
      refId: today,
      key: `checkin:${today}`,
    });
    if (pts.bonus > 0)
      await postPoints(tx, {
        userId,
        amount: pts.bonus,
        reason: 'checkin_streak',
        refId: today,
        key: `checkin-streak:${today}`,
      });
    return pts.total;
  });
  return { credited, already: credited === 0, ...(await checkinState(db, userId)) };
}
