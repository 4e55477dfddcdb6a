/**
 * Live rooms: the public list and detail, and the creator's side (create, rotate the stream key, end).
 * The stream key is a secret: only the room's creator ever sees it (creatorView).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasOpsRole } from '../../../contracts/ops-roles';
import type { Db } from '../../db';
import { liveCreators, liveRooms, matches, teams, users } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { type CoverStyle, coverPath } from './cover-paths';
import { viewerCount } from './presence';

export type RoomRow = typeof liveRooms.$inferSelect;
export type RoomStatus = 'idle' | 'live' | 'ended';
export const CATEGORIES = ['football', 'talk', 'analysis'] as const;

/**
 * Playback lines a room offers: the original, a remuxed backup copy of it (one encode), and a 240p
 * rendition from the same decode (see media/packager.ts). Up to 9 lines fit the player (spec §1).
 */
export const LINES = ['1', '2', '3'] as const;
/** the picture height of each line (the lower rendition is line 3) */
export const LINE_HEIGHTS: Record<(typeof LINES)[number], number> = { '1': 360, '2': 360, '3': 240 };

export const newStreamKey = () => `gf_${randomBytes(18).toString('base64url')}`;

export interface MediaInfo {
  /** rtmp://host:port/live (null when ingest is off on this node) */
  rtmpBase: string | null;
}

const creatorCols = {
  id: users.id,
  userExternal: users.userExternal,
  nickname: users.nickname,
  avatar: users.avatar,
};

function linesOf(r: RoomRow) {
  if (r.status !== 'live') return [];
  return LINES.map((line) => ({
    id: line,
    url: `/live-hls/${r.id}/${line}/index.m3u8`,
    height: LINE_HEIGHTS[line],
  }));
}

function publicView(
  r: RoomRow,
  creator: { id: number; userExternal: string; nickname: string; avatar: string },
) {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    category: r.category,
    match_id: r.matchId,
    status: r.status as RoomStatus,
    demo: r.demo,
    viewers: r.status === 'live' ? viewerCount(r.id) : 0,
    peak_viewers: r.peakViewers,
    started_at: r.startedAt ? r.startedAt.toISOString() : null,
    ended_at: r.endedAt ? r.endedAt.toISOString() : null,
    creator: {
      id: creator.id,
      user_external: creator.userExternal,
      nickname: creator.nickname,
      avatar: creator.avatar,
    },
    lines: linesOf(r),
  };
}

export async function withCreators(db: Db, rows: RoomRow[]) {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.creatorId))];
  const found = await db.select(creatorCols).from(users).where(inArray(users.id, ids));
  const byId = new Map(found.map((u) => [u.id, u]));
  return rows.map((r) =>
    publicView(r, byId.get(r.creatorId) ?? { id: r.creatorId, userExternal: '', nickname: '', avatar: '' }),
  );
}

/** Rooms by status (live first by default): live now, then the newest. Ended rooms only when asked. */
export async function listRooms(
  db: Db,
  q: { status?: RoomStatus | 'open'; matchId?: number; page: number; size: number },
) {
  // 'open': live or about to go live (idle), as a match page lists them; live ones first
  const conds = [
    q.status === 'open'
      ? inArray(liveRooms.status, ['idle', 'live'])
      : eq(liveRooms.status, q.status ?? 'live'),
  ];
  if (q.matchId) conds.push(eq(liveRooms.matchId, q.matchId));
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(liveRooms)
      .where(where)
      .orderBy(sql`(${liveRooms.status} = 'live') desc`, desc(liveRooms.startedAt), desc(liveRooms.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(liveRooms).where(where),
  ]);
  const list = await withCreators(db, rows);
  return { list, total, page: q.page, size: q.size };
}

export async function roomRow(db: Db, id: number): Promise<RoomRow> {
  const [row] = await db.select().from(liveRooms).where(eq(liveRooms.id, id));
  if (!row) throw new ApiError(E.NOT_FOUND);
  return row;
}

export async function roomDetail(db: Db, id: number, viewerId: number | null, media: MediaInfo) {
  const row = await roomRow(db, id);
  const [view] = await withCreators(db, [row]);
  return {
    ...view,
    mine: viewerId === row.creatorId,
    // the owner or a console reviewer: the chat offers them mute and ban on a viewer's name
    moderator: viewerId !== null && (viewerId === row.creatorId || (await isLiveReviewer(db, viewerId))),
    ...(viewerId === row.creatorId ? secrets(row, media) : {}),
  };
}

function secrets(row: RoomRow, media: MediaInfo) {
  return { stream_key: row.streamKey, rtmp_url: media.rtmpBase };
}

/** The caller must be a granted creator (operators grant it to real-name verified users) and not banned. */
export async function assertCreator(db: Db, userId: number) {
  const [c] = await db.select().from(liveCreators).where(eq(liveCreators.userId, userId));
  if (!c) throw new ApiError(E.LIVE_NOT_CREATOR);
  if (c.bannedUntil && c.bannedUntil.getTime() > now().getTime())
    throw new ApiError(E.LIVE_CREATOR_BANNED, { until: c.bannedUntil.toISOString() });
}

/** Whether the caller may create rooms, and if a ban holds, until when and why (the live-creation page says so). */
export async function creatorState(db: Db, userId: number) {
  const [c] = await db.select().from(liveCreators).where(eq(liveCreators.userId, userId));
  const banned = !!c?.bannedUntil && c.bannedUntil.getTime() > now().getTime();
  // the page shows this room (key, go to it, end it) instead of a form that could only answer 170104
  const [open] = c
    ? await db
        .select({ id: liveRooms.id })
        .from(liveRooms)
        .where(and(eq(liveRooms.creatorId, userId), inArray(liveRooms.status, ['idle', 'live'])))
    : [];
  return {
    creator: !!c,
    banned,
    banned_until: banned && c?.bannedUntil ? c.bannedUntil.toISOString() : null,
    ban_reason: banned ? (c?.banReason ?? null) : null,
    open_room_id: open?.id ?? null,
  };
}

export interface CreateRoom {
  title: string;
  cover?: string;
  cover_style?: '' | CoverStyle;
  category: (typeof CATEGORIES)[number];
  match_id?: number;
}

export async function createRoom(db: Db, userId: number, body: CreateRoom, media: MediaInfo) {
  await assertCreator(db, userId);
  const title = body.title.trim();
  if (!title) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/title', keyword: 'minLength' });
  // one open room per creator: an idle or live room must be ended first
  const [open] = await db
    .select({ id: liveRooms.id })
    .from(liveRooms)
    .where(and(eq(liveRooms.creatorId, userId), inArray(liveRooms.status, ['idle', 'live'])));
  if (open) throw new ApiError(E.LIVE_ROOM_OPEN, { room_id: open.id });
  // an uploaded cover wins; else the generated one chosen on the form (its path needs the new id)
  const style = body.cover ? '' : (body.cover_style ?? '');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(liveRooms)
      .values({
        creatorId: userId,
        title,
        cover: body.cover ?? '',
        category: body.category,
        matchId: body.match_id ?? null,
        streamKey: newStreamKey(),
      })
      .returning();
    if (!style) return created;
    const [covered] = await tx
      .update(liveRooms)
      .set({ cover: coverPath(created.id, style) })
      .where(eq(liveRooms.id, created.id))
      .returning();
    return covered;
  });
  return roomDetail(db, row.id, userId, media);
}

async function ownRoom(db: Db, userId: number, id: number): Promise<RoomRow> {
  const row = await roomRow(db, id);
  if (row.creatorId !== userId) throw new ApiError(E.NO_PERMISSION);
  return row;
}

/** A new key; the old one stops working for the next publish (a running stream is cut by the caller). */
export async function rotateKey(db: Db, userId: number, id: number, media: MediaInfo) {
  const row = await ownRoom(db, userId, id);
  if (row.status === 'ended') throw new ApiError(E.LIVE_ROOM_ENDED);
  await db.update(liveRooms).set({ streamKey: newStreamKey() }).where(eq(liveRooms.id, id));
  return { previous: row.streamKey, room: await roomDetail(db, id, userId, media) };
}

/** Ends the room for good (idempotent); answers the numbers of the live end page. */
export async function endRoom(db: Db, userId: number | null, id: number) {
  const row = userId === null ? await roomRow(db, id) : await ownRoom(db, userId, id);
  if (row.status !== 'ended') {
    await db
      .update(liveRooms)
      .set({ status: 'ended', endedAt: now(), startedAt: row.startedAt ?? now() })
      .where(eq(liveRooms.id, id));
  }
  return roomRow(db, id);
}

/** Ingest: the room a stream key publishes to, when it may go live. */
export async function roomForKey(db: Db, key: string): Promise<RoomRow | null> {
  const [row] = await db.select().from(liveRooms).where(eq(liveRooms.streamKey, key));
  if (!row || row.status === 'ended') return null;
  const [c] = await db.select().from(liveCreators).where(eq(liveCreators.userId, row.creatorId));
  if (!c || (c.bannedUntil && c.bannedUntil.getTime() > now().getTime())) return null;
  return row;
}

export async function setStatus(db: Db, id: number, status: 'idle' | 'live') {
  await db
    .update(liveRooms)
    .set(status === 'live' ? { status, startedAt: sql`coalesce(${liveRooms.startedAt}, now())` } : { status })
    .where(and(eq(liveRooms.id, id), sql`${liveRooms.status} <> 'ended'`));
}

export async function notePeak(db: Db, id: number, viewers: number) {
  await db
    .update(liveRooms)
    .set({ peakViewers: viewers })
    .where(and(eq(liveRooms.id, id), sql`${liveRooms.peakViewers} < ${viewers}`));
}

/**
 * The matches a creator may link a new room to (the creation form's picker): from three hours ago to a
 * week ahead, hot ones first, labelled "home vs away · date time" in the caller's language (HK time).
 */
export async function matchOptions(db: Db, lang: 'zhhk' | 'zhcn' | 'zhtw') {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const at = now().getTime();
  const rows = await db
    .select({
      id: matches.id,
      startAt: matches.startAt,
      home: { zhhk: home.nameZhhk, zhcn: home.nameZhcn, zhtw: home.nameZhtw },
      away: { zhhk: away.nameZhhk, zhcn: away.nameZhcn, zhtw: away.nameZhtw },
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        gte(matches.startAt, new Date(at - 3 * 3600_000)),
        lte(matches.startAt, new Date(at + 7 * 86_400_000)),
      ),
    )
    .orderBy(desc(matches.hot), asc(matches.startAt), asc(matches.id))
    .limit(40);
  return {
    list: rows.map((r) => ({
      value: r.id,
      label: `${r.home[lang]} vs ${r.away[lang]} · ${hkKickoff(r.startAt)}`,
    })),
  };
}

async function isLiveReviewer(db: Db, userId: number): Promise<boolean> {
  const [u] = await db
    .select({ role: users.role, opsRoles: users.opsRoles })
    .from(users)
    .where(eq(users.id, userId));
  return u?.role === 'operator' && hasOpsRole(u.opsRoles, 'reviewer');
}

const hkWhen = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Hong_Kong',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** a kick-off as "dd/mm hh:mm" in Hong Kong time (the match picker's labels, the generated covers) */
export const hkKickoff = (at: Date) => hkWhen.format(at).replace(',', '');
