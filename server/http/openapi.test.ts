/**
 * The API document covers the API: every route the app registers (as in production: no dev routes) is in
 * /openapi.json under its method, request bodies carry their data schema, /docs browses it outside
 * production, and every route has a response schema (the server tests check each answer against it:
 * server/http/response-check.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { documentedRoutes, openApiPath } from './openapi';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await createTestApp({ config: { devOutbox: false } });
  const r = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(r.statusCode).toBe(200);
  doc = JSON.parse(r.body);
});
afterAll(async () => t?.close());

const apiRoutes = () => documentedRoutes(t.app).filter((r) => !r.hidden && r.method !== 'HEAD');

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 and lists every registered route under its method', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .filter((r) => !doc.paths?.[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents request bodies with the shared data schemas', () => {
    const login = doc.paths['/prs/api/v1/user/login']?.post;
    const body = login?.requestBody?.content?.['application/json']?.schema;
    expect(JSON.stringify(body)).toContain('password');
  });

  it('pages every paged list with one limit (the route kit), a match day being one list', () => {
    const limits: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(ops)) {
        const q = Object.fromEntries((op.parameters ?? []).map((p: any) => [p.name, p.schema]));
        if (q.page && q.size)
          limits.push(`${method} ${path} page<=${q.page.maximum} size<=${q.size.maximum}`);
      }
    expect(limits.length).toBeGreaterThan(15);
    const odd = limits.filter((l) => !l.endsWith('page<=100000 size<=100'));
    expect(odd).toEqual(['get /mdr/api/v1/matches page<=100000 size<=500']);
  });

  it('gives every route a response schema', () => {
    const lacking = apiRoutes()
      .filter((r) => !r.hasResponseSchema)
      .map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(lacking).toEqual([]);
  });

  it('documents the success envelope of every JSON answer', () => {
    const login = doc.paths['/prs/api/v1/user/login']?.post?.responses?.['200'];
    const schema = login?.content?.['application/json']?.schema;
    expect(schema?.required).toEqual(['code', 'msg', 'data']);
    expect(Object.keys(schema?.properties?.data?.properties ?? {})).toEqual([
      'id',
      'user_external',
      'token',
      'deletion_revoked',
    ]);
  });

  it('is browsable at /docs outside production, and not in production', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    const prod = await createTestApp({ config: { devOutbox: false, nodeEnv: 'production' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
