/**
 * Automatic match reports: written from a finished match's stored facts only (final and half-time
 * score, the goal events with their minutes and scorers, red cards and missed penalties, the final
 * statistics), in the three scripts, and labelled as automatic. Names come from the football tables;
 * an unnamed squad slot is written as its club and shirt number, never an invented name. Every piece
 * of text that comes from data is HTML-escaped, so the body is safe markup by construction.
 */
import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import { EV } from '../../../contracts/match';
import type { Db } from '../../db';
import { matchEvents, matches, newsArticles, people } from '../../db/schema';
import { getRefs } from '../matches';

export type Script = 'zhhk' | 'zhcn' | 'zhtw';
export const SCRIPTS: Script[] = ['zhhk', 'zhcn', 'zhtw'];
const FINISHED = 10;

/** The facts a report is written from (also what tests compare the text with). */
export interface ReportFacts {
  matchId: number;
  competitionId: number;
  homeId: number;
  awayId: number;
  home: Record<Script, string>;
  away: Record<Script, string>;
  competition: Record<Script, string>;
  homeScore: number;
  awayScore: number;
  homeHalf: number | null;
  awayHalf: number | null;
  startAt: Date;
  goals: {
    minute: number;
    added: number;
    side: 1 | 2;
    kind: 'goal' | 'pen' | 'own';
    scorer: Record<Script, string> | null;
    scorerId: number | null;
    home: number;
    away: number;
  }[];
  reds: { minute: number; side: 1 | 2; player: Record<Script, string> | null }[];
  penMisses: { minute: number; side: 1 | 2; player: Record<Script, string> | null }[];
  stats: Record<string, [number, number]>;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Reads a finished match's facts; null when the match is unknown or not finished. */
export async function reportFacts(db: Db, matchId: number): Promise<ReportFacts | null> {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!m || m.status !== FINISHED) return null;
  const refs = await getRefs(db, [m.homeTeamId, m.awayTeamId]);
  const comp = refs.competitions.get(m.competitionId);
  const home = refs.teams.get(m.homeTeamId);
  const away = refs.teams.get(m.awayTeamId);
  if (!comp || !home || !away) return null;
  const events = await db
    .select()
    .from(matchEvents)
    .where(
      and(
        eq(matchEvents.matchId, matchId),
        inArray(matchEvents.code, [EV.GOAL, EV.OWN_GOAL, EV.PEN_GOAL, EV.PEN_MISS, EV.RED, EV.SECOND_YELLOW]),
      ),
    )
    .orderBy(asc(matchEvents.seq));
  const ids = [...new Set(events.map((e) => e.playerId).filter((x): x is number => typeof x === 'number'))];
  const persons = ids.length
    ? await db
        .select({
          id: people.id,
          teamId: people.teamId,
          zhhk: people.nameZhhk,
          zhcn: people.nameZhcn,
          zhtw: people.nameZhtw,
          number: people.number,
        })
        .from(people)
        .where(inArray(people.id, ids))
    : [];
  const byId = new Map(persons.map((p) => [p.id, p]));
  const teamOf = (side: number) => (side === 1 ? home : away);
  /** a player in the three scripts; an unnamed slot is "club + number" */
  const named = (id: number | null, side: number): Record<Script, string> | null => {
    const p = id ? byId.get(id) : undefined;
    if (!p) return null;
    if (p.zhhk && p.zhcn && p.zhtw) return { zhhk: p.zhhk, zhcn: p.zhcn, zhtw: p.zhtw };
    const club = (p.teamId ? refs.teams.get(p.teamId) : undefined) ?? teamOf(side);
    const n = p.number ?? '';
    return {
      zhhk: `${club.short.zhhk}${n}號球員`,
      zhcn: `${club.short.zhcn}${n}号球员`,
      zhtw: `${club.short.zhtw}${n}號球員`,
    };
  };
  const sideOf = (s: number): 1 | 2 => (s === 2 ? 2 : 1);
  const goals: ReportFacts['goals'] = [];
  const reds: ReportFacts['reds'] = [];
  const penMisses: ReportFacts['penMisses'] = [];
  for (const e of events) {
    const side = sideOf(e.side);
    if (e.code === EV.GOAL || e.code === EV.PEN_GOAL || e.code === EV.OWN_GOAL) {
      // an own goal's player plays for the other side
      const playerSide = e.code === EV.OWN_GOAL ? (side === 1 ? 2 : 1) : side;
      goals.push({
        minute: e.minute,
        added: e.addedMinute,
        side,
        kind: e.code === EV.PEN_GOAL ? 'pen' : e.code === EV.OWN_GOAL ? 'own' : 'goal',
        scorer: named(e.playerId, playerSide),
        scorerId: e.playerId,
        home: e.homeScore ?? 0,
        away: e.awayScore ?? 0,
      });
    } else if (e.code === EV.RED || e.code === EV.SECOND_YELLOW) {
      reds.push({ minute: e.minute, side, player: named(e.playerId, side) });
    } else if (e.code === EV.PEN_MISS) {
      penMisses.push({ minute: e.minute, side, player: named(e.playerId, side) });
    }
  }
  const stats: Record<string, [number, number]> = {};
  for (const [k, v] of Object.entries((m.stats ?? {}) as Record<string, unknown>)) {
    if (!k.startsWith('_') && Array.isArray(v) && v.length === 2) stats[k] = [Number(v[0]), Number(v[1])];
  }
  return {
    matchId,
    competitionId: m.competitionId,
    homeId: m.homeTeamId,
    awayId: m.awayTeamId,
    home: home.name,
    away: away.name,
    competition: comp.short,
    homeScore: m.homeScore,
    awayScore: m.awayScore,
    homeHalf: m.homeHalfScore,
    awayHalf: m.awayHalfScore,
    startAt: m.startAt,
    goals,
    reds,
    penMisses,
    stats,
  };
}

/** Words of each script (written text, not app chrome: the report is content like an article). */
const W: Record<Script, Record<string, string>> = {
  zhhk: {
    beat: '擊敗',
    drew: '賽和',
    lostTo: '不敵',
    at: '主場',
    away: '作客',
    half: '半場',
    goals: '入球',
    moments: '關鍵時刻',
    numbers: '數據',
    possession: '控球率',
    shots: '射門（射正）',
    corners: '角球',
    yellow: '黃牌',
    red: '紅牌',
    pen: '（十二碼）',
    own: '（烏龍球）',
    minute: '分鐘',
    brace: '梅開二度',
    hat: '大演帽子戲法',
    winner: '絕殺',
    goalless: '雙方互交白卷',
    sentOff: '被逐離場',
    penMiss: '射失十二碼',
    auto: '本文由系統根據比賽數據自動生成，比分、入球及數據以比賽頁為準。',
    sep: '：',
    comma: '，',
    stop: '。',
    noGoals: '全場沒有入球。',
    finalScore: '完場比數',
  },
  zhcn: {
    beat: '击败',
    drew: '战平',
    lostTo: '不敌',
    at: '主场',
    away: '客场',
    half: '半场',
    goals: '进球',
    moments: '关键时刻',
    numbers: '数据',
    possession: '控球率',
    shots: '射门（射正）',
    corners: '角球',
    yellow: '黄牌',
    red: '红牌',
    pen: '（点球）',
    own: '（乌龙球）',
    minute: '分钟',
    brace: '梅开二度',
    hat: '上演帽子戏法',
    winner: '绝杀',
    goalless: '双方互交白卷',
    sentOff: '被罚下场',
    penMiss: '罚失点球',
    auto: '本文由系统根据比赛数据自动生成，比分、进球及数据以比赛页为准。',
    sep: '：',
    comma: '，',
    stop: '。',
    noGoals: '全场没有进球。',
    finalScore: '全场比分',
  },
  zhtw: {
    beat: '擊敗',
    drew: '戰平',
    lostTo: '不敵',
    at: '主場',
    away: '客場',
    half: '半場',
    goals: '進球',
    moments: '關鍵時刻',
    numbers: '數據',
    possession: '控球率',
    shots: '射門（射正）',
    corners: '角球',
    yellow: '黃牌',
    red: '紅牌',
    pen: '（點球）',
    own: '（烏龍球）',
    minute: '分鐘',
    brace: '梅開二度',
    hat: '上演帽子戲法',
    winner: '絕殺',
    goalless: '雙方互交白卷',
    sentOff: '被罰出場',
    penMiss: '罰失點球',
    auto: '本文由系統根據比賽數據自動產生，比分、進球及數據以比賽頁為準。',
    sep: '：',
    comma: '，',
    stop: '。',
    noGoals: '全場沒有進球。',
    finalScore: '全場比分',
  },
};

const clock = (minute: number, added: number) => (added > 0 ? `${minute}+${added}'` : `${minute}'`);

export interface ReportText {
  title: string;
  summary: string;
  body: string;
}

/** The report in one script. Plain-text title and summary; the body is escaped HTML. */
export function writeReport(f: ReportFacts, s: Script): ReportText {
  const w = W[s];
  const h = f.home[s];
  const a = f.away[s];
  const score = `${f.homeScore}:${f.awayScore}`;
  const team = (side: 1 | 2) => (side === 1 ? h : a);
  // the headline's hook: a hat-trick or brace, a late winner, a goalless draw
  const tally = new Map<number, { n: number; name: Record<Script, string> }>();
  for (const g of f.goals)
    if (g.kind !== 'own' && g.scorerId && g.scorer) {
      const t = tally.get(g.scorerId) ?? { n: 0, name: g.scorer };
      t.n++;
      tally.set(g.scorerId, t);
    }
  const top = [...tally.values()].sort((x, y) => y.n - x.n)[0];
  const last = f.goals[f.goals.length - 1];
  const margin = Math.abs(f.homeScore - f.awayScore);
  let hook = '';
  if (top && top.n >= 3) hook = `${w.comma}${top.name[s]}${w.hat}`;
  else if (top && top.n === 2) hook = `${w.comma}${top.name[s]}${w.brace}`;
  else if (
    margin === 1 &&
    last &&
    last.minute >= 85 &&
    last.side === (f.homeScore > f.awayScore ? 1 : 2) &&
    last.scorer &&
    last.kind !== 'own'
  )
    hook = `${w.comma}${last.scorer[s]}${last.minute}${w.minute}${w.winner}`;
  else if (f.homeScore === 0 && f.awayScore === 0) hook = `${w.comma}${w.goalless}`;
  const title = `${f.competition[s]}${w.sep}${h} ${score} ${a}${hook}`;

  const verb = f.homeScore > f.awayScore ? w.beat : f.homeScore < f.awayScore ? w.lostTo : w.drew;
  const half =
    f.homeHalf !== null && f.awayHalf !== null ? `${w.comma}${w.half}${f.homeHalf}:${f.awayHalf}` : '';
  const summary = `${f.competition[s]}${w.comma}${h}${w.at}${score}${verb}${a}${half}${w.stop}`;

  const e = escapeHtml;
  const parts: string[] = [];
  parts.push(`<p>${e(summary)}</p>`);
  parts.push(`<h3>${e(w.goals)}</h3>`);
  if (f.goals.length) {
    const items = f.goals.map((g) => {
      const who = g.scorer ? g.scorer[s] : team(g.side);
      const tag = g.kind === 'pen' ? w.pen : g.kind === 'own' ? w.own : '';
      return `<li>${clock(g.minute, g.added)} ${e(who)}${e(tag)}${e(w.comma)}${e(team(g.side))} ${g.home}:${g.away}</li>`;
    });
    parts.push(`<ul>${items.join('')}</ul>`);
  } else parts.push(`<p>${e(w.noGoals)}</p>`);
  const moments: string[] = [];
  for (const r of f.reds)
    moments.push(
      `<li>${r.minute}' ${e(r.player?.[s] ?? team(r.side))}（${e(team(r.side))}）${e(w.sentOff)}</li>`,
    );
  for (const p of f.penMisses)
    moments.push(
      `<li>${p.minute}' ${e(p.player?.[s] ?? team(p.side))}（${e(team(p.side))}）${e(w.penMiss)}</li>`,
    );
  if (moments.length) parts.push(`<h3>${e(w.moments)}</h3><ul>${moments.join('')}</ul>`);
  const st = f.stats;
  const rows: string[] = [];
  if (st.possession) rows.push(`<li>${e(w.possession)} ${st.possession[0]}% - ${st.possession[1]}%</li>`);
  if (st.shots)
    rows.push(
      `<li>${e(w.shots)} ${st.shots[0]}（${st.shots_on?.[0] ?? 0}） - ${st.shots[1]}（${st.shots_on?.[1] ?? 0}）</li>`,
    );
  if (st.corners) rows.push(`<li>${e(w.corners)} ${st.corners[0]} - ${st.corners[1]}</li>`);
  if (st.yellow_cards) rows.push(`<li>${e(w.yellow)} ${st.yellow_cards[0]} - ${st.yellow_cards[1]}</li>`);
  if (st.red_cards && st.red_cards[0] + st.red_cards[1] > 0)
    rows.push(`<li>${e(w.red)} ${st.red_cards[0]} - ${st.red_cards[1]}</li>`);
  if (rows.length) parts.push(`<h3>${e(`${w.numbers}（${h} - ${a}）`)}</h3><ul>${rows.join('')}</ul>`);
  parts.push(`<p><small>${e(w.auto)}</small></p>`);
  return { title, summary, body: parts.join('') };
}

/** Published a little after the final whistle (about when a desk would file it). */
const FILED_AFTER_MS = 2 * 3600_000 + 5 * 60_000;

/**
 * Writes the report of one finished match (once: a second call, on this node or another, does
 * nothing). Returns the article id when a report was written.
 */
export async function generateReport(db: Db, matchId: number, nowMs = Date.now()): Promise<number | null> {
  const f = await reportFacts(db, matchId);
  if (!f) return null;
  const t = Object.fromEntries(SCRIPTS.map((s) => [s, writeReport(f, s)])) as Record<Script, ReportText>;
  const published = Math.min(f.startAt.getTime() + FILED_AFTER_MS, nowMs);
  const players = [...new Set(f.goals.map((g) => g.scorerId).filter((x): x is number => !!x))];
  const rows = await db
    .insert(newsArticles)
    .values({
      kind: 'report',
      titleZhhk: t.zhhk.title,
      titleZhcn: t.zhcn.title,
      titleZhtw: t.zhtw.title,
      summaryZhhk: t.zhhk.summary,
      summaryZhcn: t.zhcn.summary,
      summaryZhtw: t.zhtw.summary,
      bodyZhhk: t.zhhk.body,
      bodyZhcn: t.zhcn.body,
      bodyZhtw: t.zhtw.body,
      competitionId: f.competitionId,
      clubIds: [f.homeId, f.awayId],
      playerIds: players,
      matchId,
      publishedAt: new Date(published),
    })
    .onConflictDoNothing()
    .returning({ id: newsArticles.id });
  return rows[0]?.id ?? null;
}

/**
 * Reports for matches finished in the window that have none yet: headline competitions (hot) and
 * matches flagged hot. Used by the seed (last week) and by the sweep job (last two days).
 */
export async function generateMissingReports(
  db: Db,
  opts: { sinceMs: number; untilMs: number; limit?: number },
): Promise<number[]> {
  const refs = await getRefs(db);
  const hot = [...refs.competitions.values()].filter((c) => c.hot).map((c) => c.id);
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .leftJoin(newsArticles, eq(newsArticles.matchId, matches.id))
    .where(
      and(
        eq(matches.status, FINISHED),
        gte(matches.startAt, new Date(opts.sinceMs)),
        lt(matches.startAt, new Date(opts.untilMs)),
        isNull(newsArticles.id),
        or(eq(matches.hot, true), inArray(matches.competitionId, hot.length ? hot : [-1])),
      ),
    )
    .orderBy(asc(matches.startAt))
    .limit(opts.limit ?? 500);
  const out: number[] = [];
  for (const r of rows) {
    const id = await generateReport(db, r.id, opts.untilMs);
    if (id) out.push(id);
  }
  return out;
}
