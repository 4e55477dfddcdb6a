import { describe, expect, it } from 'vitest';
import zhcn from '../locales/zhcn.json';
import zhhk from '../locales/zhhk.json';
import zhtw from '../locales/zhtw.json';
import { EVENT_CODES, STAT_KEYS } from './match';

const LOCALES = { zhcn, zhhk, zhtw } as Record<string, { match: { stat: object; event: object } }>;

describe('the live match contract', () => {
  it('every statistic a feed may send has a label in every language', () => {
    for (const [lang, l] of Object.entries(LOCALES))
      for (const key of STAT_KEYS)
        expect(`${lang}:${key}:${key in l.match.stat}`).toBe(`${lang}:${key}:true`);
  });

  it('every event code has a name in every language', () => {
    for (const [lang, l] of Object.entries(LOCALES))
      for (const code of EVENT_CODES)
        expect(`${lang}:${code}:${String(code) in l.match.event}`).toBe(`${lang}:${code}:true`);
  });
});
