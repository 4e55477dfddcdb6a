/**
 * The squad files: real players and real coaches for every club of the ten headline competitions, and
 * no fabricated person anywhere (no "<club> 7號" players, no "<club>主教練" coaches).
 */
import { describe, expect, it } from 'vitest';
import { loadCompetitions, loadSquads, type PlayerTuple } from '.';

const HEADLINE = ['EPL', 'LALIGA', 'SERIEA', 'BUNDES', 'LIGUE1', 'UCL', 'HKPL', 'CSL', 'J1', 'KL1'];
/** The labelled placeholders that used to pad squads, in any of the four languages. */
const PLACEHOLDER = /\d+\s*[號号]$|#\d+$|主教[練练]$|總教練$|head coach$/i;
const comps = loadCompetitions();

/**
 * Headline clubs whose real squad (or coach) on file is still short of the minimum: they play with
 * unnamed squad slots (number + position, never a name) until real players are added. Listed here so
 * the gap is explicit and can only shrink: a listed club that becomes complete fails the test until it
 * is taken off. The big five leagues (except the Ligue 1 clubs below) are complete. See README.md.
 */
const STILL_SHORT = new Set(
  [
    'UCL-OLY UCL-FCK UCL-KAI UCL-PAF UCL-QAR',
    'LIGUE1-LOSC LIGUE1-RCL LIGUE1-SB29 LIGUE1-AJA LIGUE1-FCN LIGUE1-SCO LIGUE1-HAC LIGUE1-FCL LIGUE1-PFC LIGUE1-FCM',
    'HKPL-EAS HKPL-LMN HKPL-TPO HKPL-RAN HKPL-SOU HKPL-HKF HKPL-NDT HKPL-KLC',
    'CSL-SHP CSL-BJG CSL-SDT CSL-TJT CSL-ZJ CSL-HEN CSL-QWC CSL-QDH CSL-SZP CSL-WTT CSL-CCY',
    'CSL-MZH CSL-DLY CSL-YNY',
    'J1-KAS J1-KSW J1-KYO J1-HIR J1-KOB J1-MAC J1-URA J1-KAW J1-GAM J1-CER J1-TOK J1-FUK J1-VER J1-OKA',
    'J1-SHI J1-YFM J1-NAG J1-YFC J1-SHO J1-NII',
    'KL1-ULS KL1-JBK KL1-POH KL1-SEO KL1-GAN KL1-GIM KL1-SUW KL1-JEJ KL1-DJN KL1-GWJ KL1-DGU KL1-ANY',
  ]
    .join(' ')
    .split(' '),
);

const lines = (squad: PlayerTuple[]) => ({
  gk: squad.filter((p) => p[5] === 5).length,
  def: squad.filter((p) => p[5] === 4).length,
  mid: squad.filter((p) => p[5] === 3).length,
  fwd: squad.filter((p) => p[5] === 1 || p[5] === 2).length,
});

describe('squad files', () => {
  it('name no placeholder person, in any squad or coach field, and every name in all four languages', () => {
    for (const c of comps) {
      for (const club of c.clubs)
        for (const n of club.coach ?? []) expect(n, `${c.code}-${club.code} coach`).not.toMatch(PLACEHOLDER);
      for (const [club, squad] of Object.entries(loadSquads(c.code)))
        for (const p of squad) {
          for (const n of p.slice(0, 4)) expect(String(n), `${c.code}-${club}`).not.toMatch(PLACEHOLDER);
          expect(
            p.slice(0, 4).every((n) => String(n).trim()),
            `${c.code}-${club} ${p[0]}`,
          ).toBe(true);
          expect([1, 2, 3, 4, 5], `${c.code}-${club} ${p[0]}`).toContain(p[5]);
        }
    }
  });

  it('puts a real person in one club only (two different players share the names in HOMONYMS)', () => {
    const HOMONYMS = new Set(['Rômulo', 'Vitinha']);
    const clubsOf = new Map<string, string[]>();
    for (const c of comps)
      for (const [club, squad] of Object.entries(loadSquads(c.code)))
        for (const p of squad) clubsOf.set(p[0], [...(clubsOf.get(p[0]) ?? []), `${c.code}-${club}`]);
    const twice = [...clubsOf].filter(([name, clubs]) => clubs.length > 1 && !HOMONYMS.has(name));
    expect(twice).toEqual([]);
  });

  it('has a real coach and >= 2 GK, 6 DEF, 6 MID, 4 FWD real players on unique numbers per headline club', () => {
    const short: string[] = [];
    const listedButComplete: string[] = [];
    for (const code of HEADLINE) {
      const c = comps.find((x) => x.code === code)!;
      const squads = loadSquads(code);
      for (const club of c.clubs) {
        const squad = squads[club.code] ?? [];
        const n = lines(squad);
        const numbers = squad.map((p) => p[4]);
        expect(new Set(numbers).size, `${code}-${club.code} shirt numbers`).toBe(numbers.length);
        for (const no of numbers) expect(no >= 1 && no <= 99, `${code}-${club.code} #${no}`).toBe(true);
        const key = `${code}-${club.code}`;
        const isShort = !club.coach || n.gk < 2 || n.def < 6 || n.mid < 6 || n.fwd < 4;
        if (isShort && !STILL_SHORT.has(key))
          short.push(`${key} ${JSON.stringify(n)}${club.coach ? '' : ' no coach'}`);
        if (!isShort && STILL_SHORT.has(key)) listedButComplete.push(key);
      }
    }
    expect(short).toEqual([]);
    expect(listedButComplete).toEqual([]);
    for (const code of ['EPL', 'LALIGA', 'SERIEA', 'BUNDES'])
      expect([...STILL_SHORT].filter((k) => k.startsWith(`${code}-`))).toEqual([]);
  });
});
