/**
 * Football seed facts: one JSON file per competition (competitions/<CODE>.json: competition, clubs,
 * coaches) and one per league for squads (squads/<CODE>.json: club code -> players). Names are
 * [en, zhcn, zhhk, zhtw]; fill-names.ts completes missing Chinese variants at authoring time so the
 * server never needs opencc at run time. See README.md for sources and the tuple formats.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type NameTuple = [en: string, zhcn: string, zhhk: string, zhtw: string];
/** [en, zhcn, zhhk, zhtw, shirt number, position (1 forward, 2 centre forward, 3 midfielder, 4 defender, 5 goalkeeper)] */
export type PlayerTuple = [string, string, string, string, number, number];

export interface ClubSeed {
  code: string;
  name: NameTuple;
  short?: NameTuple;
  city?: string;
  founded?: number;
  venue?: NameTuple;
  cap?: number;
  color: string;
  /** attack / defence in percent of the league average; higher is better for both */
  att: number;
  def: number;
  coach?: NameTuple;
  /** cups only: the club's association (a league club takes its league's `country`) */
  country?: string;
}

export interface CompetitionSeed {
  code: string;
  name: NameTuple;
  short: NameTuple;
  kind: 'league' | 'cup';
  country: string;
  /** 'europe': Aug-May seasons; 'asia': calendar-year seasons */
  calendar: 'europe' | 'asia';
  /** the clubs' local time zone, kick-off slots are local times there */
  tz: string;
  color: string;
  sort: number;
  hot: boolean;
  /** home advantage in percent (goals at home vs away), a prior for the simulator */
  homeAdv: number;
  clubs: ClubSeed[];
  /** codes "<COMPETITION>-<CLUB>" of clubs seeded under another competition that also play here */
  participants?: string[];
  /** weekend kick-off slots [day offset from Saturday, "HH:MM" local], best match first */
  slots?: [number, string][];
  /** a second round every week at these slots (offset from Saturday: 3 = Tuesday) */
  midweek?: [number, string][];
  /** season span ["MM-DD" first day, "MM-DD" last day]; defaults: europe 08-16..05-24, asia 02-21..12-06 */
  season?: [string, string];
  /** rounds in a season when not a double round robin (MLS 34, K League 1 33) */
  rounds?: number;
  /** ["MM-DD", "MM-DD"] winter break with no league rounds (Bundesliga) */
  winterBreak?: [string, string];
  /** cups: league-phase matchdays, `weeks` after the first `weekday` (0 Sun..6 Sat) on/after `from` (MM-DD) */
  cup?: { from: string; weekday: number; weeks: number[]; slots: [number, string][] };
}

const DIR = import.meta.dirname;

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Order matters for the competition ids: HKPL first, then by `sort`. */
export function loadCompetitions(): CompetitionSeed[] {
  const dir = join(DIR, 'competitions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => readJson<CompetitionSeed>(join(dir, f)))
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
}

/** Squads of one competition's clubs, keyed by club code (without the competition prefix). */
export function loadSquads(competitionCode: string): Record<string, PlayerTuple[]> {
  const path = join(DIR, 'squads', `${competitionCode}.json`);
  return existsSync(path) ? readJson<Record<string, PlayerTuple[]>>(path) : {};
}

/** Stable club code across the database: "<COMPETITION>-<CLUB>". */
export const teamCode = (competitionCode: string, clubCode: string) => `${competitionCode}-${clubCode}`;

/** [player (English name as in squads/), type (spec §3), date YYYY-MM-DD, from team code, to team code] */
export type TransferTuple = [
  player: string,
  type: number,
  date: string,
  from: string | null,
  to: string | null,
];

/** Real moves of seeded players (transfers.json). */
export function loadTransfers(): TransferTuple[] {
  return readJson<{ list: TransferTuple[] }>(join(DIR, 'transfers.json')).list;
}

/** team code -> English name -> [nationality (FIFA code), date of birth YYYY-MM-DD or '' when not known] (people-facts.json) */
export function loadPeopleFacts(): Record<string, Record<string, [string, string]>> {
  const all = readJson<Record<string, unknown>>(join(DIR, 'people-facts.json'));
  return Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith('_'))) as Record<
    string,
    Record<string, [string, string]>
  >;
}
