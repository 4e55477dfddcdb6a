/** Pieces the database services share: names in the request's language, people, regions. */
import type { people } from '../../db/schema';
import type { Lang } from '../../http/i18n';

export type PersonRow = typeof people.$inferSelect;

const COL = { zhhk: 'nameZhhk', zhcn: 'nameZhcn', zhtw: 'nameZhtw' } as const;

/** The person's name in `lang`, or null for an unnamed squad slot (the app shows number and position). */
export const personName = (p: Pick<PersonRow, 'nameZhhk' | 'nameZhcn' | 'nameZhtw'>, lang: Lang) =>
  p[COL[lang]] || null;

/** finished = 10: what the league tables count (matches' data tab counts the same) */
export const FINISHED = 10;
/** final statuses: nothing more will happen in these matches */
export const FINAL = new Set([10, 11, 13, 14, 16, 20]);

/** Region of a competition's country, for the database home (keys are locale keys database.region.*). */
const REGIONS: Record<string, string> = {
  'Hong Kong': 'hk',
  Europe: 'europe',
  England: 'europe',
  Spain: 'europe',
  Italy: 'europe',
  Germany: 'europe',
  France: 'europe',
  Netherlands: 'europe',
  Portugal: 'europe',
  Scotland: 'europe',
  Turkey: 'europe',
  Belgium: 'europe',
  China: 'asia',
  Japan: 'asia',
  'South Korea': 'asia',
  'Saudi Arabia': 'asia',
  Australia: 'asia',
  Brazil: 'americas',
  Argentina: 'americas',
  USA: 'americas',
};
export const REGION_ORDER = ['hk', 'europe', 'asia', 'americas', 'other'];
export const regionOf = (country: string) => REGIONS[country] ?? 'other';

/** Hong Kong calendar day [start, end) of an instant. */
export function hkDay(nowMs: number): [Date, Date] {
  const offset = 8 * 3_600_000;
  const start = Math.floor((nowMs + offset) / 86_400_000) * 86_400_000 - offset;
  return [new Date(start), new Date(start + 86_400_000)];
}

/** whole years between a YYYY-MM-DD birth date and an instant, or null */
export function ageAt(birth: string | null, nowMs: number): number | null {
  if (!birth || !/^\d{4}-\d{2}-\d{2}$/.test(birth)) return null;
  const [y, m, d] = birth.split('-').map(Number);
  const now = new Date(nowMs + 8 * 3_600_000);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** rounds "1", "2", ... in number order */
export const byRound = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

const POSITIONS: Record<Lang, string[]> = {
  zhhk: ['', '前鋒', '中鋒', '中場', '後衛', '門將'],
  zhcn: ['', '前锋', '中锋', '中场', '后卫', '门将'],
  zhtw: ['', '前鋒', '中鋒', '中場', '後衛', '門將'],
};
const NUMBER_SUFFIX: Record<Lang, string> = { zhhk: '號', zhcn: '号', zhtw: '號' };

/** What a list shows for a person: the name, or "7號 · 前鋒" for an unnamed squad slot (as the match pages do). */
export function personLabel(
  p: { name: string | null; number: number | null; position: number },
  lang: Lang,
): string {
  if (p.name) return p.name;
  const position = POSITIONS[lang][p.position] ?? '';
  return p.number === null
    ? position
    : `${p.number}${NUMBER_SUFFIX[lang]}${position ? ` · ${position}` : ''}`;
}
