/**
 * Table zones per competition (what a place in the final table leads to), as the 2025/26 rules of
 * each competition have them: UEFA league phase 1-8 to the round of 16, 9-24 to the knockout
 * play-offs, 25-36 out; a top division's European places and relegation; a second tier's promotion
 * and play-offs. A negative place counts from the bottom (-1 is last), so a league seeded with fewer
 * clubs than it really has still relegates its last clubs. Competitions without a rule (MLS plays in
 * conferences, Argentina in two zones) show no zones rather than wrong ones.
 */
export type ZoneKey =
  | 'r16'
  | 'ko_playoff'
  | 'eliminated'
  | 'ucl'
  | 'ucl_q'
  | 'uel'
  | 'uecl'
  | 'acl'
  | 'acl2'
  | 'lib'
  | 'lib_q'
  | 'suda'
  | 'title_po'
  | 'europe_po'
  | 'finals'
  | 'promotion'
  | 'promotion_po'
  | 'relegation_po'
  | 'relegation';

export const ZONE_COLORS: Record<ZoneKey, string> = {
  r16: '#1a56db',
  ko_playoff: '#4c8df6',
  eliminated: '#9aa0a6',
  ucl: '#1a56db',
  ucl_q: '#4c8df6',
  uel: '#e8710a',
  uecl: '#1e8e3e',
  acl: '#1a56db',
  acl2: '#4c8df6',
  lib: '#1a56db',
  lib_q: '#4c8df6',
  suda: '#e8710a',
  title_po: '#1a56db',
  europe_po: '#e8710a',
  finals: '#1e8e3e',
  promotion: '#1e8e3e',
  promotion_po: '#7cb342',
  relegation_po: '#f29900',
  relegation: '#d93025',
};

/** [zone, first place, last place] */
type Rule = [ZoneKey, number, number];

const TOP5 = (ucl: number, rel: number): Rule[] => [
  ['ucl', 1, ucl],
  ['uel', ucl + 1, ucl + 1],
  ['uecl', ucl + 2, ucl + 2],
  ['relegation', -rel, -1],
];

const RULES: Record<string, Rule[]> = {
  UCL: [
    ['r16', 1, 8],
    ['ko_playoff', 9, 24],
    ['eliminated', 25, 36],
  ],
  UEL: [
    ['r16', 1, 8],
    ['ko_playoff', 9, 24],
    ['eliminated', 25, 36],
  ],
  EPL: TOP5(4, 3),
  LALIGA: TOP5(4, 3),
  SERIEA: TOP5(4, 3),
  BUNDES: [...TOP5(4, 2), ['relegation_po', -3, -3]],
  LIGUE1: [
    ['ucl', 1, 3],
    ['ucl_q', 4, 4],
    ['uel', 5, 5],
    ['uecl', 6, 6],
    ['relegation_po', -3, -3],
    ['relegation', -2, -1],
  ],
  ERE: [
    ['ucl', 1, 1],
    ['ucl_q', 2, 2],
    ['uel', 3, 3],
    ['relegation_po', -3, -3],
    ['relegation', -2, -1],
  ],
  POR: [
    ['ucl', 1, 1],
    ['ucl_q', 2, 2],
    ['uel', 3, 3],
    ['relegation_po', -3, -3],
    ['relegation', -2, -1],
  ],
  SCO: [
    ['ucl_q', 1, 2],
    ['uel', 3, 3],
    ['relegation_po', -2, -2],
    ['relegation', -1, -1],
  ],
  TUR: [
    ['ucl', 1, 1],
    ['ucl_q', 2, 2],
    ['uel', 3, 3],
    ['relegation', -4, -1],
  ],
  BEL: [
    ['title_po', 1, 6],
    ['europe_po', 7, 12],
    ['relegation', -1, -1],
  ],
  CHAMP: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 6],
    ['relegation', -3, -1],
  ],
  EFL1: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 6],
    ['relegation', -4, -1],
  ],
  EFL2: [
    ['promotion', 1, 3],
    ['promotion_po', 4, 7],
    ['relegation', -2, -1],
  ],
  BUNDES2: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 3],
    ['relegation_po', -3, -3],
    ['relegation', -2, -1],
  ],
  SERIEB: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 8],
    ['relegation', -3, -1],
  ],
  LIGUE2: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 5],
    ['relegation', -2, -1],
  ],
  SEGUNDA: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 6],
    ['relegation', -4, -1],
  ],
  CSL: [
    ['acl', 1, 2],
    ['acl2', 3, 3],
    ['relegation', -2, -1],
  ],
  J1: [
    ['acl', 1, 2],
    ['acl2', 3, 3],
    ['relegation', -3, -1],
  ],
  KL1: [
    ['acl', 1, 2],
    ['acl2', 3, 3],
    ['relegation_po', -3, -2],
    ['relegation', -1, -1],
  ],
  KSA: [
    ['acl', 1, 3],
    ['acl2', 4, 4],
    ['relegation', -3, -1],
  ],
  J2: [
    ['promotion', 1, 2],
    ['promotion_po', 3, 6],
    ['relegation', -3, -1],
  ],
  HKPL: [['acl2', 1, 1]],
  ALEAGUE: [['finals', 1, 6]],
  BRA: [
    ['lib', 1, 4],
    ['lib_q', 5, 6],
    ['suda', 7, 12],
    ['relegation', -4, -1],
  ],
};

export interface Zone {
  key: ZoneKey;
  color: string;
  from: number;
  to: number;
}

/** The zones of a competition's table of `size` clubs, top to bottom, in table places. */
export function zonesFor(code: string, size: number): Zone[] {
  const place = (p: number) => (p < 0 ? size + 1 + p : p);
  return (RULES[code] ?? [])
    .map(([key, a, b]) => ({ key, color: ZONE_COLORS[key], from: place(a), to: Math.min(place(b), size) }))
    .filter((z) => z.from >= 1 && z.from <= z.to)
    .sort((x, y) => x.from - y.from);
}

export function zoneAt(zones: Zone[], rank: number): Zone | null {
  return zones.find((z) => rank >= z.from && rank <= z.to) ?? null;
}
