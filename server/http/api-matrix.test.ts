/**
 * Authorization and bad input on every endpoint, walked from /openapi.json (production routes: no dev
 * ones): as nobody, as a visitor and as a signed-in fan sending garbage, each route answers the envelope,
 * never a 5xx, with the code api-matrix.json gives it. An endpoint added without its row fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { type MatrixRow, matrixRow, NOT_API } from './api-matrix';

let t: TestApp;
let routes: [string, string][];
const expected: Record<string, MatrixRow> = JSON.parse(
  readFileSync(join(import.meta.dirname, 'api-matrix.json'), 'utf8'),
).routes;

beforeAll(async () => {
  t = await createTestApp({ config: { devOutbox: false } });
  const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body);
  routes = Object.entries<Record<string, unknown>>(doc.paths)
    .filter(([path]) => !NOT_API.test(path))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => [m.toUpperCase(), path] as [string, string]));
});
afterAll(async () => t?.close());

describe('the API matrix', () => {
  it('has a row for every documented endpoint, and none for an endpoint that is gone', () => {
    const keys = routes.map(([m, p]) => `${m} ${p}`);
    expect(keys.filter((k) => !expected[k])).toEqual([]);
    expect(Object.keys(expected).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('answers each caller the expected envelope code, never a 5xx, on every endpoint', async () => {
    const wrong: string[] = [];
    for (const [method, path] of routes) {
      const r = await matrixRow(t, method, path, '61239999');
      if (r.statuses.some((s) => s >= 500) || !r.envelopes)
        wrong.push(`${method} ${path}: 5xx or no envelope`);
      const want = expected[`${method} ${path}`];
      if (want && JSON.stringify(r.row) !== JSON.stringify(want))
        wrong.push(`${method} ${path}: ${JSON.stringify(r.row)}, expected ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('keeps private endpoints closed: nothing but public reads answers a visitor with 0', () => {
    const open = Object.entries(expected)
      .filter(([, row]) => row.visitor === 0)
      .map(([k]) => k);
    // every endpoint a visitor may use reads public data (or logs out); none writes or reads a person's data
    expect(open.filter((k) => !k.startsWith('GET ') && k !== 'POST /prs/api/v1/user/logout')).toEqual([]);
    expect(
      open.filter((k) =>
        /\/user(s)?\/(?!experts|expert-plans|identity\/countries|public-key|country-codes|ip-infos|default-phone-code|logout)/.test(
          k,
        ),
      ),
    ).toEqual([]);
  });
});
