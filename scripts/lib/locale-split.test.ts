import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areasIn, FIRST_LOAD_SCREENS, splitLocales } from './locale-split';
import { ROOT } from './web-bundle';

describe('locale split', () => {
  const split = splitLocales(ROOT);

  it('keeps the shell texts in the core and moves screen-only areas out', () => {
    expect(split.core).toEqual(expect.arrayContaining(['common', 'tabs', 'app', 'errors']));
    expect(split.lazy).toEqual(expect.arrayContaining(['auth', 'wallet']));
    expect(split.screens['auth/login']).toContain('auth');
    for (const id of FIRST_LOAD_SCREENS) expect(split.screens[id]).toBeUndefined();
  });

  it('gives every area a screen names either to the core or to that screen', () => {
    const areas = [...split.core, ...split.lazy];
    for (const id of ['auth/login', 'me/setting', 'experts/home', 'match/detail']) {
      const raw = readFileSync(join(ROOT, 'screens', `${id}.json`), 'utf8');
      for (const a of areasIn(raw, areas))
        expect(split.core.includes(a) || split.screens[id]?.includes(a), `${id}: ${a}`).toBe(true);
    }
  });

  it('finds areas in $t: texts and quoted keys only', () => {
    expect([...areasIn(`"$t:wallet.title" t('me.x') data.auth.y`, ['wallet', 'me', 'auth'])]).toEqual([
      'wallet',
      'me',
    ]);
  });
});
