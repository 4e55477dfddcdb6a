/**
 * What a fan reads before a match, derived from what was played before it (pure: seed-intel.ts loads
 * the rows). Suspensions follow the usual league rule: a red card (or second yellow) sits out the
 * club's next match in that competition, and so does every fifth yellow card of the season. A player
 * who went off injured in the club's last match is a doubt. Then each side's form (last five), its
 * season numbers in this competition (goals per game, clean sheets) and the head-to-head record.
 * Texts in zhcn / zhhk / zhtw, as each region's media would write them.
 */
import { EV } from '../../../contracts/match';

export interface PlayedMatch {
  id: number;
  competitionId: number;
  season: string;
  startAt: Date;
  home: number;
  away: number;
  homeScore: number;
  awayScore: number;
}
export interface CardOrKnock {
  matchId: number;
  code: number;
  playerId: number;
}
export type Names = [zhcn: string, zhhk: string, zhtw: string];
export interface IntelText {
  side: 0 | 1 | 2;
  kind: 'injury' | 'suspension' | 'form' | 'stats' | 'h2h';
  playerId: number | null;
  text: Names;
}

export interface IntelInput {
  match: { competitionId: number; season: string; startAt: Date; home: number; away: number };
  /** finished matches of both clubs (any competition), any order */
  played: PlayedMatch[];
  /** cards and injury substitutions of those matches */
  events: CardOrKnock[];
  player: (id: number) => { team: number; names: Names } | undefined;
  team: (id: number) => Names;
}

const YELLOW_BAN = 5;

function outcome(m: PlayedMatch, team: number): 'w' | 'd' | 'l' {
  const own = m.home === team ? m.homeScore : m.awayScore;
  const other = m.home === team ? m.awayScore : m.homeScore;
  return own > other ? 'w' : own < other ? 'l' : 'd';
}

function absences(input: IntelInput, team: number, side: 1 | 2): IntelText[] {
  const { match } = input;
  const comp = input.played
    .filter(
      (p) =>
        p.competitionId === match.competitionId &&
        p.season === match.season &&
        p.startAt < match.startAt &&
        (p.home === team || p.away === team),
    )
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  const out: IntelText[] = [];
  const last = comp.at(-1);
  if (!last) return out;
  const inComp = new Set(comp.map((p) => p.id));
  const yellows = new Map<number, number>();
  const banned = new Set<number>();
  for (const e of input.events) {
    if (!inComp.has(e.matchId) || input.player(e.playerId)?.team !== team) continue;
    if (e.code === EV.YELLOW) {
      const n = (yellows.get(e.playerId) ?? 0) + 1;
      yellows.set(e.playerId, n);
      if (e.matchId === last.id && n % YELLOW_BAN === 0 && !banned.has(e.playerId)) {
        banned.add(e.playerId);
        const who = input.player(e.playerId)!.names;
        out.push({
          side,
          kind: 'suspension',
          playerId: e.playerId,
          text: [
            `${who[0]}本赛季累积${n}张黄牌，本场停赛`,
            `${who[1]}本季累積${n}面黃牌，今場停賽`,
            `${who[2]}本季累積${n}張黃牌，本場停賽`,
          ],
        });
      }
    } else if ((e.code === EV.RED || e.code === EV.SECOND_YELLOW) && e.matchId === last.id) {
      if (banned.has(e.playerId)) continue;
      banned.add(e.playerId);
      const who = input.player(e.playerId)!.names;
      out.push({
        side,
        kind: 'suspension',
        playerId: e.playerId,
        text: [
          `${who[0]}上轮比赛被罚下，本场停赛`,
          `${who[1]}上輪比賽被逐離場，今場停賽`,
          `${who[2]}上輪比賽被罰下場，本場停賽`,
        ],
      });
    }
  }
  // injuries: hurt in the club's last match of any competition
  const lastAny = input.played
    .filter((p) => p.startAt < match.startAt && (p.home === team || p.away === team))
    .sort((a, b) => b.startAt.getTime() - a.startAt.getTime())[0];
  for (const e of input.events) {
    if (e.code !== EV.INJURY_SUB || e.matchId !== lastAny?.id || banned.has(e.playerId)) continue;
    const who = input.player(e.playerId);
    if (!who || who.team !== team) continue;
    out.push({
      side,
      kind: 'injury',
      playerId: e.playerId,
      text: [
        `${who.names[0]}上场比赛受伤离场，本场出战成疑`,
        `${who.names[1]}上場比賽受傷退下，今場成疑`,
        `${who.names[2]}上場比賽受傷退場，本場出賽成疑`,
      ],
    });
  }
  return out;
}

function form(input: IntelInput, team: number, side: 1 | 2): IntelText | null {
  const recent = input.played
    .filter((p) => p.startAt < input.match.startAt && (p.home === team || p.away === team))
    .sort((a, b) => b.startAt.getTime() - a.startAt.getTime())
    .slice(0, 5);
  if (!recent.length) return null;
  const r = recent.map((p) => outcome(p, team));
  const [w, d, l] = (['w', 'd', 'l'] as const).map((k) => r.filter((x) => x === k).length);
  const n = recent.length;
  return {
    side,
    kind: 'form',
    playerId: null,
    text: [`近${n}场${w}胜${d}平${l}负`, `近${n}場${w}勝${d}和${l}負`, `近${n}場${w}勝${d}和${l}敗`],
  };
}

function seasonNumbers(input: IntelInput, team: number, side: 1 | 2): IntelText | null {
  const { match } = input;
  const games = input.played.filter(
    (p) =>
      p.competitionId === match.competitionId &&
      p.season === match.season &&
      p.startAt < match.startAt &&
      (p.home === team || p.away === team),
  );
  if (!games.length) return null;
  let gf = 0;
  let ga = 0;
  let clean = 0;
  for (const p of games) {
    const own = p.home === team ? p.homeScore : p.awayScore;
    const other = p.home === team ? p.awayScore : p.homeScore;
    gf += own;
    ga += other;
    if (other === 0) clean++;
  }
  const n = games.length;
  const avg = (gf / n).toFixed(1);
  return {
    side,
    kind: 'stats',
    playerId: null,
    text: [
      `本赛季${n}场进${gf}球失${ga}球，场均进${avg}球，${clean}场零封`,
      `本季${n}場入${gf}球失${ga}球，平均每場入${avg}球，${clean}場不失球`,
      `本季${n}場進${gf}球失${ga}球，場均進${avg}球，${clean}場零封`,
    ],
  };
}

function headToHead(input: IntelInput): IntelText {
  const { match } = input;
  const meetings = input.played
    .filter(
      (p) =>
        p.startAt < match.startAt &&
        ((p.home === match.home && p.away === match.away) ||
          (p.home === match.away && p.away === match.home)),
    )
    .sort((a, b) => b.startAt.getTime() - a.startAt.getTime())
    .slice(0, 10);
  const home = input.team(match.home);
  if (!meetings.length)
    return {
      side: 0,
      kind: 'h2h',
      playerId: null,
      text: ['两队近两个赛季未曾交锋', '兩隊近兩季未曾交手', '兩隊近兩個賽季未曾交手'],
    };
  const r = meetings.map((p) => outcome(p, match.home));
  const [w, d, l] = (['w', 'd', 'l'] as const).map((k) => r.filter((x) => x === k).length);
  const n = meetings.length;
  return {
    side: 0,
    kind: 'h2h',
    playerId: null,
    text: [
      `近${n}次交锋，${home[0]}${w}胜${d}平${l}负`,
      `近${n}次交手，${home[1]}${w}勝${d}和${l}負`,
      `近${n}次交手，${home[2]}${w}勝${d}和${l}敗`,
    ],
  };
}

export function intelFor(input: IntelInput): IntelText[] {
  const out: IntelText[] = [];
  for (const [side, team] of [
    [1, input.match.home],
    [2, input.match.away],
  ] as const) {
    out.push(...absences(input, team, side));
    const f = form(input, team, side);
    if (f) out.push(f);
    const s = seasonNumbers(input, team, side);
    if (s) out.push(s);
  }
  out.push(headToHead(input));
  return out;
}
