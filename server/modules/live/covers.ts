/**
 * Generated room covers: SVG drawn from the room's linked match (the two clubs' colours and names,
 * kick-off in HK time) or, without a match, from the room's title. No photos, nothing copied; the same
 * room and style always give the same picture. Three styles the creator chooses from on the room page:
 *   pitch    a pitch seen from above, the clubs' names over their halves
 *   split    the cover cut diagonally in the two clubs' colours
 *   stripes  scarf stripes in the clubs' colours behind the names
 * Served at /live-covers/<room>-<style>.svg (routes-covers.ts); the room's cover holds that path.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { liveRooms, matches, teams } from '../../db/schema';
import type { CoverStyle } from './cover-paths';
import { hkKickoff } from './rooms-service';

export { COVER_STYLES, type CoverStyle, coverPath } from './cover-paths';

export interface CoverFacts {
  title: string;
  match: { home: string; away: string; homeColor: string; awayColor: string; kickoff: string } | null;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const hex = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback);

/** a colour from the title (same title, same colour): the title-only covers' palette */
function titleHue(title: string): number {
  let h = 0;
  for (const ch of title) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

/** a title cut to lines of at most `per` characters (two lines at most, an ellipsis when longer) */
function lines(text: string, per: number): string[] {
  const chars = [...text];
  if (chars.length <= per) return [text];
  const second = chars.slice(per, per * 2);
  if (chars.length > per * 2) second[second.length - 1] = '…';
  return [chars.slice(0, per).join(''), second.join('')];
}

/** The cover as SVG (640x360, the video's shape). */
export function coverSvg(facts: CoverFacts, style: CoverStyle): string {
  const W = 640;
  const H = 360;
  const font = "font-family='Noto Sans CJK HK, Noto Sans CJK TC, PingFang HK, sans-serif'";
  const text = (x: number, y: number, size: number, body: string, extra = '') =>
    `<text x='${x}' y='${y}' font-size='${size}' ${font} font-weight='700' fill='#fff' text-anchor='middle' ${extra}>${esc(body)}</text>`;
  const shadow = "style='paint-order:stroke' stroke='rgba(0,0,0,.45)' stroke-width='6'";
  const parts: string[] = [];
  const m = facts.match;
  const a = m ? hex(m.homeColor, '#1d4ed8') : `hsl(${titleHue(facts.title)},55%,34%)`;
  const b = m ? hex(m.awayColor, '#b91c1c') : `hsl(${(titleHue(facts.title) + 40) % 360},60%,22%)`;
  if (style === 'pitch') {
    parts.push(`<rect width='${W}' height='${H}' fill='#1f7a3d'/>`);
    for (let i = 0; i < 8; i++)
      if (i % 2) parts.push(`<rect x='${i * 80}' width='80' height='${H}' fill='#23864a'/>`);
    parts.push(
      "<g fill='none' stroke='#e8f5e9' stroke-opacity='.8' stroke-width='3'>",
      `<rect x='16' y='16' width='${W - 32}' height='${H - 32}'/><line x1='${W / 2}' y1='16' x2='${W / 2}' y2='${H - 16}'/>`,
      `<circle cx='${W / 2}' cy='${H / 2}' r='52'/><rect x='16' y='${H / 2 - 80}' width='96' height='160'/><rect x='${W - 112}' y='${H / 2 - 80}' width='96' height='160'/>`,
      '</g>',
    );
    if (m)
      parts.push(
        `<rect x='16' y='16' width='10' height='${H - 32}' fill='${a}'/><rect x='${W - 26}' y='16' width='10' height='${H - 32}' fill='${b}'/>`,
      );
  } else if (style === 'split') {
    parts.push(
      `<rect width='${W}' height='${H}' fill='${a}'/><polygon points='${W * 0.62},0 ${W},0 ${W},${H} ${W * 0.38},${H}' fill='${b}'/>`,
    );
    parts.push(
      `<polygon points='${W * 0.6},0 ${W * 0.64},0 ${W * 0.4},${H} ${W * 0.36},${H}' fill='#fff' fill-opacity='.85'/>`,
    );
  } else {
    parts.push(`<rect width='${W}' height='${H}' fill='${a}'/>`);
    for (let i = 0; i < 9; i++)
      if (i % 2) parts.push(`<rect y='${i * 40}' width='${W}' height='40' fill='${b}'/>`);
    parts.push(`<rect width='${W}' height='${H}' fill='#000' fill-opacity='.28'/>`);
  }
  if (m) {
    const left = lines(m.home, 6);
    const right = lines(m.away, 6);
    left.forEach((l, i) => {
      parts.push(text(W * 0.27, 170 + i * 44 - (left.length - 1) * 22, 40, l, shadow));
    });
    right.forEach((l, i) => {
      parts.push(text(W * 0.73, 170 + i * 44 - (right.length - 1) * 22, 40, l, shadow));
    });
    parts.push(text(W / 2, 186, 30, 'VS', shadow));
    parts.push(text(W / 2, 300, 24, m.kickoff, shadow));
    const t = lines(facts.title, 16)[0];
    parts.push(text(W / 2, 62, 26, t, shadow));
  } else {
    const t = lines(facts.title, 12);
    t.forEach((l, i) => {
      parts.push(text(W / 2, 190 + i * 60 - (t.length - 1) * 30, 48, l, shadow));
    });
  }
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${W} ${H}' width='${W}' height='${H}'><title>${esc(facts.title)}</title>${parts.join('')}</svg>`;
}

/** What a room's cover is drawn from: its title and, when linked, the match's clubs (HK names) and kick-off. */
export async function coverFacts(db: Db, roomId: number): Promise<CoverFacts | null> {
  const [room] = await db
    .select({ title: liveRooms.title, matchId: liveRooms.matchId })
    .from(liveRooms)
    .where(eq(liveRooms.id, roomId));
  if (!room) return null;
  return factsOf(db, room.title, room.matchId);
}

/** The facts of a cover drawn from a title and an optional match (a room's, or a preview before the room exists). */
export async function factsOf(db: Db, title: string, matchId: number | null): Promise<CoverFacts> {
  if (!matchId) return { title, match: null };
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const [m] = await db
    .select({
      home: home.shortZhhk,
      away: away.shortZhhk,
      homeColor: home.color,
      awayColor: away.color,
      startAt: matches.startAt,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(eq(matches.id, matchId));
  if (!m) return { title, match: null };
  return {
    title,
    match: {
      home: m.home,
      away: m.away,
      homeColor: m.homeColor,
      awayColor: m.awayColor,
      kickoff: hkKickoff(m.startAt),
    },
  };
}
