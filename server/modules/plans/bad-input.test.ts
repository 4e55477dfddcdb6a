import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let user: string;

beforeAll(async () => {
  t = await createTestApp();
  user = (await t.loginByPhone('64440001')).token;
});
afterAll(async () => {
  await t?.close();
});

const payloads: unknown[] = [
  null,
  [],
  'x',
  42,
  {},
  { idempotency_key: '' },
  { idempotency_key: 'a'.repeat(500) },
  { idempotency_key: 'ok-key-123', extra: 1 },
  { lottery: 'jczq', play_type: 'spf', matches: 'x', title: 1, content: [], price: -1, idempotency_key: 'k' },
  {
    lottery: 'nope',
    play_type: 'spf',
    matches: [],
    title: '',
    content: '',
    price: 0,
    idempotency_key: 'abcdefgh',
  },
  {
    lottery: 'jczq',
    play_type: 'spf',
    matches: [{ match_id: 'x', picks: 3 }],
    title: 't',
    content: 'c',
    price: 0,
    idempotency_key: 'abcdefgh',
  },
  {
    lottery: 'jczq',
    play_type: 'spf',
    matches: [{ match_id: 2 ** 40, picks: [] }],
    title: 't',
    content: 'c',
    price: 0,
    idempotency_key: 'abcdefgh',
  },
  { expert_id: 'abc' },
  { expert_id: -1 },
];

const routes: [string, string][] = [
  ['POST', '/mdr/api/v1/user/expert-plans'],
  ['POST', '/mdr/api/v1/user/expert-plans/1/orders'],
  ['POST', '/mdr/api/v1/user/expert-plans/abc/orders'],
  ['POST', '/mdr/api/v1/user/expert-plans/99999999999999/orders'],
  ['POST', '/mdr/api/v1/user/expert-subscriptions/1/orders'],
  ['POST', '/mdr/api/v1/user/expert-subscriptions/-5/cancel'],
  ['POST', '/mdr/api/v1/user/expert/follows'],
];

const gets = [
  '/mdr/api/v1/user/expert-plans?page=0',
  '/mdr/api/v1/user/expert-plans?size=100000',
  '/mdr/api/v1/user/expert-plans?match_id=abc',
  '/mdr/api/v1/user/expert-plans?lottery=xx',
  '/mdr/api/v1/user/expert-plans/0',
  '/mdr/api/v1/user/expert-plans/abc',
  '/mdr/api/v1/user/expert-plans/2147483647',
  '/mdr/api/v1/user/experts?type=weird',
  '/mdr/api/v1/user/experts/abc',
  '/mdr/api/v1/user/experts/2147483647',
  '/mdr/api/v1/user/expert-statistics',
  '/mdr/api/v1/user/expert-statistics?expert_id=x',
  '/mdr/api/v1/user/expert-statistics?expert_id=2147483647',
  '/mdr/api/v1/experts/rankings?period=year',
  '/mdr/api/v1/user/expert-subs/abc',
  '/mdr/api/v1/user/expert-subs/2147483647',
  '/mdr/api/v1/user/expert-plan/purchases?size=-1',
  '/mdr/api/v1/user/expert/follows?page=x',
];

describe('bad input never gives a 5xx', () => {
  it('bodies of the wrong shape answer a 4xx-style code', async () => {
    for (const [method, url] of routes) {
      for (const body of payloads) {
        const r = await t.call(method as 'POST', url, {
          token: user,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(r.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(r.code, `${method} ${url} ${JSON.stringify(body)}`).not.toBe(0);
        expect(r.code).not.toBe(100500);
      }
    }
  });

  it('bad queries and ids answer 100400 / 100404, never 100500', async () => {
    for (const url of gets) {
      const r = await t.call('GET', url, { token: user });
      expect(r.status, url).toBeLessThan(500);
      expect([100400, 100404], url).toContain(r.code);
    }
  });

  it('malformed JSON is refused', async () => {
    const r = await t.call('POST', '/mdr/api/v1/user/expert-plans', {
      token: user,
      payload: '{"lottery":',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBeLessThan(500);
    expect(r.code).not.toBe(0);
  });
});
