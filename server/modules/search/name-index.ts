/**
 * The football names in memory: every competition, club, player and coach with their names in each
 * script and English (~10,500 rows with the full seed). Scanning them in PostgreSQL with ILIKE and
 * trigram functions cost 50-500 ms a search on PGlite; here a substring check over the lowercased names
 * and a trigram inverted index for typos answer in a few milliseconds. The rows are seeded football
 * data that the app does not edit while running, so the index is built on first use and rebuilt in the
 * background when it is older than REBUILD_MS (stale-while-revalidate).
 *
 * Matching is the same as match.ts's for the tables it leaves in SQL: literal case-insensitive
 * substring; for keywords of FUZZY_MIN characters or more also a typo, scored like pg_trgm (padded word
 * trigrams, Jaccard of the sets) against the whole name and against each of its words.
 */
import type { Db } from '../../db';
import { competitions, people, teams } from '../../db/schema';
import { FUZZY_MIN, NAME_SIMILARITY } from './match';

const REBUILD_MS = 5 * 60_000;

export type Competition = typeof competitions.$inferSelect;
export type Team = typeof teams.$inferSelect;
export type Person = typeof people.$inferSelect;

interface Entity<T> {
  row: T;
  /** lowercased names (scripts, English, short forms) */
  names: string[];
}

/** a whole name or one of its words, as a trigram set for typo matching */
interface Unit {
  ent: number;
  size: number;
}

class Table<T> {
  readonly ents: Entity<T>[] = [];
  /** every lowercased name of every row: "is this keyword somebody's real name?" in O(1) */
  readonly allNames = new Set<string>();
  private readonly units: Unit[] = [];
  private readonly postings = new Map<string, number[]>();

  constructor(rows: T[], names: (r: T) => string[]) {
    for (const row of rows) {
      const list = [
        ...new Set(
          names(row)
            .map((n) => n.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      const ent = this.ents.push({ row, names: list }) - 1;
      for (const n of list) {
        this.allNames.add(n);
        // a surname or one word of a club ("Haaland", "Mbappé", "Starlight"), also across a "·"
        for (const w of n.split(/[\s·・]+/)) if ([...w].length >= 2) this.allNames.add(w);
      }
      const seen = new Set<string>();
      for (const n of list) {
        const words = n.split(/\s+/);
        for (const u of words.length > 1 ? [n, ...words] : [n]) {
          if (seen.has(u)) continue;
          seen.add(u);
          const tri = trigrams(u);
          const id = this.units.push({ ent, size: tri.size }) - 1;
          for (const t of tri) {
            const list2 = this.postings.get(t);
            if (list2) list2.push(id);
            else this.postings.set(t, [id]);
          }
        }
      }
    }
  }

  /** hits with their rank (0 exact, 1 prefix, 2 substring, 3 typo) and typo score, best first */
  find(keyword: string, tieBreak: (a: T, b: T) => number, keep?: (r: T) => boolean) {
    const k = keyword.trim().toLowerCase();
    const hits = new Map<number, { rank: number; score: number }>();
    this.ents.forEach((e, i) => {
      if (keep && !keep(e.row)) return;
      let rank = 4;
      for (const n of e.names) {
        if (n === k) rank = 0;
        else if (rank > 1 && n.startsWith(k)) rank = 1;
        else if (rank > 2 && n.includes(k)) rank = 2;
        if (rank === 0) break;
      }
      if (rank < 4) hits.set(i, { rank, score: 1 });
    });
    if ([...k].length >= FUZZY_MIN) {
      const tk = trigrams(k);
      const common = new Map<number, number>();
      for (const t of tk) for (const u of this.postings.get(t) ?? []) common.set(u, (common.get(u) ?? 0) + 1);
      for (const [u, c] of common) {
        const unit = this.units[u];
        const score = c / (tk.size + unit.size - c);
        if (score < NAME_SIMILARITY) continue;
        const e = this.ents[unit.ent];
        if (keep && !keep(e.row)) continue;
        const had = hits.get(unit.ent);
        if (!had) hits.set(unit.ent, { rank: 3, score });
        else if (had.rank === 3 && score > had.score) had.score = score;
      }
    }
    return [...hits.entries()]
      .sort(
        ([a, x], [b, y]) =>
          x.rank - y.rank || y.score - x.score || tieBreak(this.ents[a].row, this.ents[b].row),
      )
      .map(([i]) => this.ents[i].row);
  }
}

/** pg_trgm's trigrams: each word lowercased, padded with two spaces before and one after */
export function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const chars = [' ', ' ', ...w, ' '];
    for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return out;
}

/**
 * Whether a keyword is, as typed (case-blind, spaces squeezed), the name of a competition, club, player
 * or coach in some script or in English, full or short, or one whole word of such a name (a surname).
 * Only such keywords may become hot searches: a typo that the fuzzy match rescued ("Arsnal") found
 * something but is nobody's name.
 */
export function isEntityName(index: NameIndex, keyword: string): boolean {
  const k = keyword.trim().replace(/\s+/g, ' ').toLowerCase();
  return (
    k.length > 0 &&
    (index.teams.allNames.has(k) || index.competitions.allNames.has(k) || index.people.allNames.has(k))
  );
}

export interface NameIndex {
  competitions: Table<Competition>;
  teams: Table<Team>;
  people: Table<Person>;
}

const names4 = (r: { nameZhhk: string; nameZhcn: string; nameZhtw: string; nameEn: string }) => [
  r.nameZhhk,
  r.nameZhcn,
  r.nameZhtw,
  r.nameEn,
];
const shorts = (r: { shortZhhk: string; shortZhcn: string; shortZhtw: string; shortEn: string }) => [
  r.shortZhhk,
  r.shortZhcn,
  r.shortZhtw,
  r.shortEn,
];

async function build(db: Db): Promise<NameIndex> {
  const [c, t, p] = await Promise.all([
    db.select().from(competitions),
    db.select().from(teams),
    db.select().from(people),
  ]);
  return {
    competitions: new Table(c, (r) => [...names4(r), ...shorts(r)]),
    teams: new Table(t, (r) => [...names4(r), ...shorts(r)]),
    people: new Table(p, names4),
  };
}

const cache = new WeakMap<Db, { at: number; index: Promise<NameIndex>; rebuilding: boolean }>();

/** The index of this database: built on first use, refreshed in the background when stale. */
export function nameIndex(db: Db): Promise<NameIndex> {
  const now = Date.now();
  const c = cache.get(db);
  if (!c) {
    const index = build(db);
    cache.set(db, { at: now, index, rebuilding: false });
    index.catch(() => cache.delete(db));
    return index;
  }
  if (now - c.at > REBUILD_MS && !c.rebuilding) {
    c.rebuilding = true;
    build(db)
      .then((index) => cache.set(db, { at: Date.now(), index: Promise.resolve(index), rebuilding: false }))
      .catch(() => {
        c.rebuilding = false;
      });
  }
  return c.index;
}
