import { describe, expect, it } from 'vitest';
import { trigrams } from './name-index';

describe('trigrams (as pg_trgm makes them)', () => {
  it('pads each lowercased word with two spaces before and one after', () => {
    expect([...trigrams('Arsnal')].sort()).toEqual(['  a', ' ar', 'al ', 'ars', 'nal', 'rsn', 'sna'].sort());
    // words are cut at anything not a letter or digit; the set has no duplicates
    expect(trigrams('Man. Utd').size).toBe(trigrams('man').size + trigrams('utd').size);
    expect(trigrams('aaaa').size).toBe(4);
  });

  it('Arsnal is half of Arsenal by Jaccard, as pg_trgm similarity() says (0.5)', () => {
    const a = trigrams('arsnal');
    const b = trigrams('arsenal');
    const common = [...a].filter((x) => b.has(x)).length;
    expect(common / (a.size + b.size - common)).toBe(0.5);
  });

  it('makes trigrams of CJK names too (a typo needs four characters to be tried)', () => {
    expect(trigrams('阿仙奴').size).toBe(4);
  });
});
