import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateFingerprint } from './template';

describe('template fingerprint', () => {
  it('is kept between starts and worked out again when a file the seed runs changes', () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'gf-fp-')), 'fingerprint.json');
    const fingerprint = templateFingerprint(cache);
    const kept = JSON.parse(readFileSync(cache, 'utf8')) as { closure: string[]; fingerprint: string };
    expect(kept.fingerprint).toBe(fingerprint);
    const seed = kept.closure.find((f) => f.endsWith('bootstrap/seed.ts'))!;
    expect(seed).toBeTruthy();

    // nothing changed: the kept answer is taken as it is (a planted one shows it was not worked out)
    writeFileSync(cache, JSON.stringify({ ...kept, fingerprint: 'planted' }));
    expect(templateFingerprint(cache)).toBe('planted');

    // seed.ts saved again (a new modification time): worked out afresh, from the files' contents
    const { atime, mtime } = statSync(seed);
    utimesSync(seed, atime, new Date(mtime.getTime() + 1000));
    try {
      expect(templateFingerprint(cache)).toBe(fingerprint);
    } finally {
      utimesSync(seed, atime, mtime);
    }
  });
});
