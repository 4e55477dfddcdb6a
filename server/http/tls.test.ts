/**
 * The server over HTTPS (TLS_CERT_FILE/TLS_KEY_FILE): HTTP/2 for pages and the API, HTTP/1.1 still
 * answered on the same port (old clients), and the realtime websocket reachable (it upgrades over
 * HTTP/1.1). A throwaway self-signed certificate is made with Debian's openssl.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let dir: string;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gf-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost'],
    ],
    { stdio: 'ignore' },
  );
  t = await createTestApp({ config: { tls: { certFile, keyFile } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const API = '/mdr/api/v1/matches/leagues';

describe('HTTPS with HTTP/2', () => {
  it('answers the API over HTTP/2 with the envelope', async () => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': API, 'accept-language': 'zh-HK' });
        let status = 0;
        let body = '';
        req.on('response', (h) => {
          status = Number(h[':status']);
        });
        req.setEncoding('utf8');
        req.on('data', (c: string) => {
          body += c;
        });
        req.on('end', () => resolve({ status, body }));
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
      const json = JSON.parse(body);
      expect(json).toHaveProperty('code');
      expect(Array.isArray(json.data) || typeof json.data === 'object').toBe(true);
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1 clients on the same port', async () => {
    const { status, alpn } = await new Promise<{ status: number; alpn: string }>((resolve, reject) => {
      const req = https.get(
        `${origin}${API}`,
        { rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] } as https.RequestOptions & {
          ALPNProtocols: string[];
        },
        (res) => {
          const alpn = String((res.socket as import('node:tls').TLSSocket).alpnProtocol);
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, alpn }));
        },
      );
      req.on('error', reject);
    });
    expect(status).toBe(200);
    expect(alpn).toBe('http/1.1');
  });

  it('upgrades the realtime websocket (a visitor without a token is told why and closed)', async () => {
    const ws = new WebSocket(`${origin.replace('https', 'wss')}/ws`, { rejectUnauthorized: false });
    const first = await new Promise<any>((resolve, reject) => {
      ws.on('message', (d) => resolve(JSON.parse(String(d))));
      ws.on('error', reject);
    });
    expect(first).toMatchObject({ type: 'error', code: 100200 });
    ws.close();
  });
});

describe('TLS configuration', () => {
  it('refuses a certificate without its key', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/tmp/cert.pem' })).toThrow(/TLS_KEY_FILE/);
  });
});
