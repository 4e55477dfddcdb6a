/**
 * Lottery numbering of generated fixtures. A lottery "business day" runs from noon to noon in Hong Kong
 * time (a Saturday list holds the European games kicking off at 03:00 on Sunday). jczq numbers read
 * "周六001" in kick-off order; bjdc "261121-001"; ctzc issues ("26093") hold 14 big-league matches of a
 * weekend (Fri-Mon) or a midweek (Tue-Thu). A day or issue that already has numbers is left as it is.
 */
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, matches, teams } from '../../db/schema';
import { DAY_MS, fromDayNumber } from './seed-calendar';

const HK_OFFSET_MS = 8 * 3_600_000;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const JCZQ_COMPS = ['EPL', 'LALIGA', 'SERIEA', 'BUNDES', 'LIGUE1', 'UCL', 'CSL', 'J1', 'KL1'];
const CTZC_COMPS = ['EPL', 'LALIGA', 'SERIEA', 'BUNDES', 'LIGUE1', 'UCL'];
/** how far ahead numbers are given (the lottery lists of the next days) */
const AHEAD_DAYS = 3;

/** Business day (UTC-midnight day number of the Hong Kong date) of a kick-off: noon to noon. */
export const businessDay = (startAt: Date) =>
  Math.floor((startAt.getTime() + HK_OFFSET_MS - 12 * 3_600_000) / DAY_MS);

const pad = (n: number, w: number) => String(n).padStart(w, '0');

async function bulkSet(
  db: Db,
  column: 'jczq_num' | 'bjdc_num',
  rows: { id: number; v: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const json = JSON.stringify(rows.slice(i, i + 1000));
    await db.execute(
      sql`update matches set ${sql.raw(column)} = x.v from jsonb_to_recordset(${json}::jsonb) as x(id int, v text) where matches.id = x.id`,
    );
  }
}

interface Row {
  id: number;
  code: string;
  startAt: Date;
  hot: boolean;
  strength: number;
  jczqNum: string | null;
  bjdcNum: string | null;
  ctzcIssue: string | null;
}

export async function ensureNumbering(db: Db, now: Date, from: Date): Promise<void> {
  const until = new Date(now.getTime() + (AHEAD_DAYS + 1) * DAY_MS);
  const rows: Row[] = (
    await db
      .select({
        id: matches.id,
        code: competitions.code,
        startAt: matches.startAt,
        hot: matches.hot,
        attack: teams.attack,
        defence: teams.defence,
        jczqNum: matches.jczqNum,
        bjdcNum: matches.bjdcNum,
        ctzcIssue: matches.ctzcIssue,
      })
      .from(matches)
      .innerJoin(competitions, sql`${competitions.id} = ${matches.competitionId}`)
      .innerJoin(teams, sql`${teams.id} = ${matches.homeTeamId}`)
      .where(and(gte(matches.startAt, from), lt(matches.startAt, until)))
      .orderBy(matches.startAt, matches.id)
  ).map((r) => ({ ...r, strength: r.attack + r.defence }));
  const lastDay = businessDay(now) + AHEAD_DAYS;
  const byDay = new Map<number, Row[]>();
  for (const r of rows) {
    const d = businessDay(r.startAt);
    if (d > lastDay || d < businessDay(from) + 1) continue; // the first day may be cut by the window
    byDay.set(d, [...(byDay.get(d) ?? []), r]);
  }
  const jczq: { id: number; v: string }[] = [];
  const bjdc: { id: number; v: string }[] = [];
  for (const [day, list] of byDay) {
    const date = fromDayNumber(day);
    const j = list.filter((r) => JCZQ_COMPS.includes(r.code));
    if (!j.some((r) => r.jczqNum))
      for (const [i, r] of j.entries()) jczq.push({ id: r.id, v: `${WEEKDAYS[date.dow]}${pad(i + 1, 3)}` });
    if (!list.some((r) => r.bjdcNum)) {
      const issue = `${pad(date.y % 100, 2)}${pad(date.m, 2)}${pad(date.d, 2)}`;
      for (const [i, r] of list.entries()) bjdc.push({ id: r.id, v: `${issue}-${pad(i + 1, 3)}` });
    }
  }
  await bulkSet(db, 'jczq_num', jczq);
  await bulkSet(db, 'bjdc_num', bjdc);
  await ensureCtzc(db, byDay);
}

/** Periods: weekend = business days Fri..Mon, midweek = Tue..Thu; issue "YY" + 3-digit index in the year. */
async function ensureCtzc(db: Db, byDay: Map<number, Row[]>): Promise<void> {
  const periods = new Map<string, { start: number; end: number; rows: Row[] }>();
  const days = [...byDay.keys()].sort((a, b) => a - b);
  for (const day of days) {
    const { dow } = fromDayNumber(day);
    const weekend = dow === 5 || dow === 6 || dow === 0 || dow === 1;
    const start = weekend ? day - ((dow + 2) % 7) : day - (dow - 2); // Friday or Tuesday
    const s = fromDayNumber(start);
    const jan1 = Date.UTC(s.y, 0, 1) / DAY_MS;
    const issue = `${pad(s.y % 100, 2)}${pad(Math.floor((start - jan1) / 7) * 2 + (weekend ? 2 : 1), 3)}`;
    const p = periods.get(issue) ?? { start, end: start + (weekend ? 3 : 2), rows: [] };
    p.rows.push(...byDay.get(day)!.filter((r) => CTZC_COMPS.includes(r.code)));
    periods.set(issue, p);
  }
  // only periods whose every day is inside the numbered range
  const first = days[0];
  const last = days[days.length - 1];
  for (const [issue, p] of periods) {
    if (p.start < first || p.end > last) continue;
    if (p.rows.some((r) => r.ctzcIssue) || p.rows.length < 14) continue;
    const picked = [...p.rows]
      .sort((a, b) => Number(b.hot) - Number(a.hot) || b.strength - a.strength || a.id - b.id)
      .slice(0, 14)
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
    const json = JSON.stringify(picked.map((r, i) => ({ id: r.id, n: i + 1 })));
    await db.execute(
      sql`update matches set ctzc_issue = ${issue}, ctzc_index = x.n from jsonb_to_recordset(${json}::jsonb) as x(id int, n int) where matches.id = x.id`,
    );
  }
}

/**
 * Numbers for one more match of a business day (dev fixtures): the next jczq number of its day when
 * its competition is on the jczq list, and the next bjdc number of its day.
 */
export async function lotteryNumbersFor(
  db: Db,
  code: string,
  startAt: Date,
): Promise<{ jczqNum: string | null; bjdcNum: string }> {
  const day = businessDay(startAt);
  const from = new Date(day * DAY_MS - HK_OFFSET_MS + 12 * 3_600_000);
  const rows = await db
    .select({ jczq: matches.jczqNum, bjdc: matches.bjdcNum })
    .from(matches)
    .where(and(gte(matches.startAt, from), lt(matches.startAt, new Date(from.getTime() + DAY_MS))));
  const next = (values: (string | null)[]) =>
    1 + Math.max(0, ...values.map((v) => Number(v?.slice(-3)) || 0));
  const date = fromDayNumber(day);
  const issue = `${pad(date.y % 100, 2)}${pad(date.m, 2)}${pad(date.d, 2)}`;
  return {
    jczqNum: JCZQ_COMPS.includes(code)
      ? `${WEEKDAYS[date.dow]}${pad(next(rows.map((r) => r.jczq)), 3)}`
      : null,
    bjdcNum: `${issue}-${pad(next(rows.map((r) => r.bjdc)), 3)}`,
  };
}
