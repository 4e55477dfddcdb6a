/**
 * Security headers (item 5 of the security issue) on every kind of answer: API, 404, errors, static
 * files of the web bundle, uploads; HSTS only behind a TLS proxy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './security-headers';
import { registerWebBundle } from './web-bundle';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'gf-headers-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** an API (JSON) answer: no sniffing; document headers are not sent on data */
function expectApiHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

function expectHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toBe(CONTENT_SECURITY_POLICY);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toMatch(/script-src 'self'(;|$)/); // nothing else may run scripts
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers, 404s, error answers and uploads', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/prs/api/v1/user/default-phone-code?platform=H5' });
    expect(api.statusCode).toBe(200);
    expectApiHeaders(api);

    const missing = await t.app.inject({ method: 'GET', url: '/mdr/api/v1/no-such-endpoint' });
    expect(missing.statusCode).toBe(404);
    expectApiHeaders(missing);

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/prs/api/v1/token',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.json().code).not.toBe(0);
    expectApiHeaders(badJson);

    const noToken = await t.app.inject({ method: 'GET', url: '/mdr/api/v1/users' });
    expect(noToken.json().code).toBe(100200);
    expectApiHeaders(noToken);

    expectApiHeaders(await t.app.inject({ method: 'GET', url: '/uploads/2020-01/doesnotexist123.jpg' }));
  });

  it('are on the web bundle: index.html and hashed assets', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { trustProxy: false });
    await registerWebBundle(app, webDir);
    await app.ready();
    try {
      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/text\/html/);
      expectHeaders(index);
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expectHeaders(asset);
      const notModified = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'if-none-match': String(asset.headers.etag) },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });

  it('send HSTS only behind a trusted proxy and only for https requests', async () => {
    const make = async (trustProxy: boolean) => {
      const app = Fastify({ trustProxy });
      registerSecurityHeaders(app, { trustProxy });
      app.get('/x', async () => ({ ok: true }));
      await app.ready();
      return app;
    };
    const proxied = await make(true);
    const direct = await make(false);
    try {
      const https = await proxied.inject({
        method: 'GET',
        url: '/x',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.inject({
        method: 'GET',
        url: '/x',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      // without TRUST_PROXY a client could claim https itself: no HSTS
      const claimed = await direct.inject({
        method: 'GET',
        url: '/x',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('leave a route its own Content-Security-Policy', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { trustProxy: false });
    app.get('/own', async (_req, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send('x'),
    );
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/own' });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});
