import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickKeys } from './locale-chunks';
import { areasIn, FIRST_LOAD_SCREENS, keysIn, SHARED_PART, splitLocales } from './locale-split';
import { ROOT } from './web-bundle';

describe('locale split', () => {
  const split = splitLocales(ROOT);

  it('keeps the shell texts in the core and moves screen-only areas out', () => {
    expect(split.core).toEqual(expect.arrayContaining(['common', 'tabs', 'app', 'errors']));
    expect(split.lazy).toEqual(expect.arrayContaining(['auth', 'wallet']));
    expect(split.screens['auth/login']).toContain('auth');
    for (const id of FIRST_LOAD_SCREENS) expect(split.screens[id]).toBeUndefined();
  });

  it('sends the areas most screens load as one shared part, the others in parts of their own', () => {
    const lists = Object.values(split.screens);
    for (const a of split.lazy) {
      const users = lists.filter((l) => l.includes(a)).length;
      expect(split.partOf[a], a).toBe(users >= lists.length / 4 ? SHARED_PART : a);
    }
    expect(split.partOf.common).toBe(SHARED_PART);
    expect(split.partOf.wallet).toBe('wallet');
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

describe('core texts by key', () => {
  it('takes literal keys alone and a run-time key as the whole area', () => {
    // a source that builds `time.<unit>` at run time
    const dollar = '$';
    const source = `t('errors.empty'); "${dollar}t:app.name" t(\`time.${dollar}{unit}\`) 'app.realName.title'`;
    const found = keysIn(source, ['errors', 'app', 'time']);
    expect(found.get('errors')).toEqual(new Set(['errors.empty']));
    expect(found.get('app')).toEqual(new Set(['app.name', 'app.realName.title']));
    expect(found.get('time')).toBe('all');
  });

  it('puts only the keys the app code names into the core part of an area screens load whole', () => {
    const split = splitLocales(ROOT);
    expect(split.coreKeys.errors).toEqual(['errors.empty']);
    expect(split.lazy).toContain('errors');
    expect(
      pickKeys({ empty: 'Error', 100500: 'x', a: { b: 'c', d: 'e' } }, 'errors', [
        'errors.empty',
        'errors.a.b',
      ]),
    ).toEqual({
      empty: 'Error',
      a: { b: 'c' },
    });
  });

  it('leaves texts only the server reads out of the browser core', () => {
    const split = splitLocales(ROOT);
    expect(split.core).not.toContain('messages');
    expect(split.core).not.toContain('protocols');
  });
});
