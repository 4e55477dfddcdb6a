/**
 * Reference data every match item needs (competition and team names per language, colours, venues),
 * cached in memory: it changes only when fixtures are seeded, so a short refresh interval is enough
 * and the list endpoint never joins these tables per request.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, people, teams } from '../../db/schema';
import type { Lang } from '../../http/i18n';

export type Texts = Record<Lang, string>;

export interface RefCompetition {
  id: number;
  code: string;
  name: Texts;
  short: Texts;
  kind: string;
  country: string;
  season: string;
  color: string;
  logo: string;
  sort: number;
  hot: boolean;
}

export interface RefTeam {
  id: number;
  competitionId: number;
  name: Texts;
  short: Texts;
  venue: Texts;
  venueCapacity: number | null;
  city: string;
  color: string;
  logo: string;
}

export interface Refs {
  competitions: Map<number, RefCompetition>;
  teams: Map<number, RefTeam>;
  loadedAt: number;
}

const REFRESH_MS = 30_000;
const cache = new WeakMap<object, { refs: Refs | null; loading: Promise<Refs> | null }>();

async function load(db: Db): Promise<Refs> {
  const [comps, teamRows] = await Promise.all([db.select().from(competitions), db.select().from(teams)]);
  return {
    competitions: new Map(
      comps.map((c) => [
        c.id,
        {
          id: c.id,
          code: c.code,
          name: { zhhk: c.nameZhhk, zhcn: c.nameZhcn, zhtw: c.nameZhtw },
          short: { zhhk: c.shortZhhk, zhcn: c.shortZhcn, zhtw: c.shortZhtw },
          kind: c.kind,
          country: c.country,
          season: c.season,
          color: c.color,
          logo: c.logo,
          sort: c.sort,
          hot: c.hot,
        },
      ]),
    ),
    teams: new Map(
      teamRows.map((t) => [
        t.id,
        {
          id: t.id,
          competitionId: t.competitionId,
          name: { zhhk: t.nameZhhk, zhcn: t.nameZhcn, zhtw: t.nameZhtw },
          short: { zhhk: t.shortZhhk, zhcn: t.shortZhcn, zhtw: t.shortZhtw },
          venue: { zhhk: t.venueZhhk, zhcn: t.venueZhcn, zhtw: t.venueZhtw },
          venueCapacity: t.venueCapacity,
          city: t.city,
          color: t.color,
          logo: t.logo,
        },
      ]),
    ),
    loadedAt: Date.now(),
  };
}

/** Cached refs; reloads in the background when older than REFRESH_MS, and at once when a team is unknown. */
export async function getRefs(db: Db, needTeamIds: number[] = []): Promise<Refs> {
  let slot = cache.get(db);
  if (!slot) {
    slot = { refs: null, loading: null };
    cache.set(db, slot);
  }
  const s = slot;
  const reload = () => {
    if (!s.loading)
      s.loading = load(db).then(
        (r) => {
          s.refs = r;
          s.loading = null;
          return r;
        },
        (err) => {
          s.loading = null;
          throw err;
        },
      );
    return s.loading;
  };
  if (!s.refs) return reload();
  if (needTeamIds.some((id) => !s.refs?.teams.has(id))) return reload();
  if (Date.now() - s.refs.loadedAt > REFRESH_MS) void reload().catch(() => {});
  return s.refs;
}

export function invalidateRefs(db: Db): void {
  cache.delete(db);
}

/** A person as a fan reads them: the name in one language, or null for an unnamed squad slot. */
export interface PersonRef {
  name: string | null;
  number: number | null;
  position: number;
}

/** People by id in one language (default zhhk, the app's default); empty names read as null (unnamed). */
export async function personRefs(
  db: Db,
  ids: (number | null | undefined)[],
  lang: Lang = 'zhhk',
): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      id: people.id,
      zhhk: people.nameZhhk,
      zhcn: people.nameZhcn,
      zhtw: people.nameZhtw,
      number: people.number,
      position: people.position,
    })
    .from(people)
    .where(inArray(people.id, wanted));
  return new Map(rows.map((r) => [r.id, { name: r[lang] || null, number: r.number, position: r.position }]));
}

/** The wire's who-fields of an event: the players' names, or number and position for unnamed ones. */
export function eventPeople(
  refs: Map<number, PersonRef>,
  e: { player_id: number | null; related_player_id: number | null },
) {
  const who = (id: number | null) => (id ? refs.get(id) : undefined);
  const unnamed = (p: PersonRef | undefined) =>
    p && p.name === null ? { number: p.number, position: p.position } : null;
  const p = who(e.player_id);
  const r = who(e.related_player_id);
  return {
    player_name: p?.name ?? null,
    related_player_name: r?.name ?? null,
    player_unnamed: unnamed(p),
    related_player_unnamed: unnamed(r),
  };
}
