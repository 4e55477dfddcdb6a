/**
 * Control characters (issue 10, item 4): a NUL in a text field used to reach PostgreSQL and answer
 * 100500. The shared schema rule (schemas/data/text.schema.json) refuses them in every free-text field
 * of the data schemas, server and browser validators alike; the global guard (control-chars.ts) refuses
 * them in any path parameter, query value or JSON body the schemas do not cover. Always 100400.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validators } from '../../src/engine/validators/index.js';
import { type TestApp, withTestApp } from '../test/harness';
import { findControl, LINE, MULTILINE } from './control-chars';
import { DATA_SCHEMA_DIR, dataSchema, validatorCompiler } from './schemas';

let t: TestApp;
let user: string;
let operator: string;

withTestApp(async (app) => {
  t = app;
  user = (await t.loginByPhone('64770001')).token;
  operator = (await t.loginByPhone('90000000')).token;
});

const NUL = 'a\u0000b';

/** every free-text field of issue 10 item 4 (plus the ones the attack did not try), one request each */
const bodyCases: Array<[string, 'POST' | 'PUT', string, Record<string, unknown>, 'user' | 'operator']> = [
  ['nickname', 'PUT', '/mdr/api/v1/users', { nickname: NUL }, 'user'],
  ['bio', 'PUT', '/mdr/api/v1/users', { desc: NUL }, 'user'],
  ['province', 'PUT', '/mdr/api/v1/users', { province: NUL }, 'user'],
  ['city', 'PUT', '/mdr/api/v1/users', { city: NUL }, 'user'],
  [
    'full name',
    'POST',
    '/mdr/api/v1/user/international/identity',
    {
      full_name: `陳${NUL}`,
      birth_date: '1990-01-01',
      country: 'HK',
      document_type: 1,
      front_image: '/uploads/2026-01/abcdefgh.jpg',
      back_image: '/uploads/2026-01/abcdefgi.jpg',
    },
    'user',
  ],
  [
    'bank branch',
    'POST',
    '/mdr/api/v1/international/user-banks',
    {
      holder_name: 'CHAN TAI MAN',
      id_type: 'hkid',
      id_number: 'A1234563',
      bank_id: '004',
      card_number: '4111111111111111',
      branch: `Central${NUL}`,
      phone: '91234567',
    },
    'user',
  ],
  [
    'plan title',
    'POST',
    '/mdr/api/v1/user/expert-plans',
    {
      lottery: 'jczq',
      play_type: 'spf',
      matches: [],
      title: NUL,
      content: 'x'.repeat(30),
      price: 0,
      idempotency_key: 'nul-title-1',
    },
    'user',
  ],
  [
    'plan content',
    'POST',
    '/mdr/api/v1/user/expert-plans',
    {
      lottery: 'jczq',
      play_type: 'spf',
      matches: [],
      title: 'title',
      content: `${'x'.repeat(30)}\u0000`,
      price: 0,
      idempotency_key: 'nul-content-1',
    },
    'user',
  ],
  [
    'expert intro',
    'POST',
    '/mdr/api/v1/user/international/experts/apply',
    {
      intro: `${'我'.repeat(25)}\u0000`,
      id_front: '/uploads/2026-01/abcdefgh.jpg',
      id_back: '/uploads/2026-01/abcdefgi.jpg',
      platform1_name: 'Weibo',
      platform1_screenshot: '/uploads/2026-01/abcdefgj.jpg',
    },
    'user',
  ],
  ['ops reason', 'POST', '/mdr/api/v1/ops/realname/1/reject', { reason: `no${NUL}` }, 'operator'],
  ['blacklist user id', 'POST', '/mdr/api/v1/users/me/blacklists', { user_id: NUL }, 'user'],
  ['chat text', 'POST', '/mdr/api/v1/chat/rooms/match-1/messages', { text: NUL }, 'user'],
  ['a key of the body', 'PUT', '/mdr/api/v1/users', { [NUL]: 'x' }, 'user'],
];

const urlCases: Array<[string, string]> = [
  ['search keyword', '/mdr/api/v1/search/matches?keyword=a%00b'],
  ['search keyword (DEL)', '/mdr/api/v1/search/matches?keyword=a%7Fb'],
  ['search keyword (raw)', '/mdr/api/v1/search/matches?keyword=a\u0001b'],
  ['profile path id', '/mdr/api/v1/users/%00/profiles'],
  ['profile path id (trailing)', '/mdr/api/v1/users/abc%00/profiles'],
  ['blacklist path id', '/mdr/api/v1/users/%00/blacklists'],
  ['blacklist entry id', '/mdr/api/v1/users/me/blacklists/%00'],
  ['websocket token', '/ws?token=%00'],
  ['line feed in a query value', '/mdr/api/v1/search/matches?keyword=a%0Ab'],
];

describe('control characters answer 100400, never 100500', () => {
  it.each(bodyCases)('%s', async (_name, method, url, body, who) => {
    const r = await t.call(method, url, { token: who === 'user' ? user : operator, body });
    expect(r.code).toBe(100400);
    expect(r.data?.in).toBe('body');
  });

  it.each(urlCases)('%s', async (_name, url) => {
    const r = await t.call(url.includes('/blacklists/') ? 'DELETE' : 'GET', url, { token: user });
    expect(r.code).toBe(100400);
    expect(['params', 'querystring']).toContain(r.data?.in);
  });

  it.each([
    '\u0001',
    '\u0008',
    '\u000b',
    '\u001b',
    '\u001f',
    '\u007f',
  ])('refuses U+%s in a nickname and in a bio', async (ch) => {
    for (const field of ['nickname', 'desc']) {
      const r = await t.call('PUT', '/mdr/api/v1/users', { token: user, body: { [field]: `a${ch}b` } });
      expect(r.code, `${field} ${ch.charCodeAt(0)}`).toBe(100400);
      expect(r.data).toMatchObject({ in: 'body', pointer: `/${field}`, keyword: 'pattern' });
    }
  });

  it('keeps multi-line text working: a bio may hold line breaks and tabs, a nickname may not', async () => {
    const bio = await t.call('PUT', '/mdr/api/v1/users', {
      token: user,
      body: { desc: '第一行\n第二行\r\n\t完' },
    });
    expect(bio.code).toBe(0);
    expect(bio.data.desc).toContain('第二行');
    const nick = await t.call('PUT', '/mdr/api/v1/users', { token: user, body: { nickname: 'a\nb' } });
    expect(nick).toMatchObject({ code: 100400, data: { pointer: '/nickname', keyword: 'pattern' } });
    const ok = await t.call('GET', '/mdr/api/v1/search/matches?keyword=%E6%B5%B7', { token: user });
    expect(ok.code).toBe(0);
  });
});

describe('the shared schema rule', () => {
  const files = readdirSync(DATA_SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'));

  /** string properties of a schema, with their path; nested objects and array items included */
  function stringFields(schema: any, path = ''): Array<[string, any]> {
    const out: Array<[string, any]> = [];
    for (const [name, prop] of Object.entries<any>(schema?.properties ?? {})) {
      const here = `${path}/${name}`;
      if (prop?.type === 'string') out.push([here, prop]);
      if (prop?.type === 'object') out.push(...stringFields(prop, here));
      if (prop?.type === 'array' && prop.items) {
        if (prop.items.type === 'string') out.push([`${here}/0`, prop.items]);
        if (prop.items.type === 'object') out.push(...stringFields(prop.items, `${here}/0`));
      }
    }
    return out;
  }

  it('covers every free-text field of the data schemas (a new one without it fails here)', () => {
    const loose: string[] = [];
    for (const file of files) {
      const schema = JSON.parse(readFileSync(join(DATA_SCHEMA_DIR, file), 'utf8'));
      for (const [path, prop] of stringFields(schema)) {
        const shared = typeof prop.$ref === 'string' && /^text#\/\$defs\/(line|multiline)$/.test(prop.$ref);
        // closed shapes (enum, format, an anchored whitelist pattern) cannot hold a control character
        const closed = prop.enum || prop.const || prop.format || /^\^.*\$$/.test(prop.pattern ?? '');
        if (!shared && !closed) loose.push(`${file}${path}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it('refuses control characters in the server validators of every covered field', () => {
    let checked = 0;
    for (const file of files) {
      const schema = JSON.parse(readFileSync(join(DATA_SCHEMA_DIR, file), 'utf8'));
      if (!schema.properties) continue;
      dataSchema(schema.$id); // loads every data schema into the server's ajv instances
      for (const [name, prop] of Object.entries<any>(schema.properties)) {
        if (!prop.$ref?.startsWith('text#')) continue;
        // the property's own schema, compiled by the server's compiler: "$ref": "text#/$defs/…" resolves
        const validate = validatorCompiler({
          schema: prop,
          method: 'POST',
          url: '/',
          httpPart: 'body',
        } as any) as (d: unknown) => { error?: { validation: Array<{ keyword: string }> } };
        const ok = 'x'.repeat(Math.max(prop.minLength ?? 0, 2));
        expect(validate(ok).error, `${file} ${name}`).toBeUndefined();
        expect(validate(`${ok}\u0000`).error?.validation[0]?.keyword, `${file} ${name}`).toBe('pattern');
        expect(validate(`${ok}\u007f`).error, `${file} ${name}`).toBeDefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('is compiled into the browser validators too (regenerated from the same schemas)', async () => {
    const v = await validators['users-update']();
    expect(v.validate({ nickname: '球迷' })).toBe(true);
    expect(v.validate({ nickname: '球\u0000迷' })).toBe(false);
    expect(v.validate.errors?.[0]).toMatchObject({ instancePath: '/nickname', keyword: 'pattern' });
    expect(v.validate({ desc: '一\n二' })).toBe(true);
    expect(v.validate({ desc: '一\u0007二' })).toBe(false);
    const bank = await validators['wallet-bank-add']();
    bank.validate({ branch: 'x\u0000' });
    expect(bank.validate.errors?.some((e) => e.instancePath === '/branch')).toBe(true);
    expect(Object.keys(validators)).not.toContain('text');
  });
});

describe('findControl', () => {
  it('points at the first offending value or key', () => {
    expect(findControl({ a: 'x', b: ['y', 'z\u0000'] }, MULTILINE)).toBe('/b/1');
    expect(findControl({ 'a/b': { c: '\u007f' } }, MULTILINE)).toBe('/a~1b/c');
    expect(findControl({ 'k\u0000': 1 }, MULTILINE)).toBe('/k\u0000');
    expect(findControl({ a: 'line\nbreak\ttab' }, MULTILINE)).toBeNull();
    expect(findControl({ a: 'line\nbreak' }, LINE)).toBe('/a');
    expect(findControl('\u0000', MULTILINE)).toBe('/');
    expect(findControl(42, MULTILINE)).toBeNull();
  });
});
