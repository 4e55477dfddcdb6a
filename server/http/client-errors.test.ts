import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(() => t?.close());

/** What the server answers to bytes a client library would never send: the raw response text. */
function raw(request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function parts(response: string) {
  const [head, body] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
}

describe('requests Node rejects before Fastify routes them', () => {
  it('a path of raw UTF-8 bytes (not percent-encoded) answers the 100400 envelope', async () => {
    const res = parts(
      await raw(Buffer.from('GET /mdr/api/v1/search?keyword=阿仙奴 HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8')),
    );
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.body).toEqual({ code: 100400, msg: expect.any(String), data: null });
    expect(res.body.msg.length).toBeGreaterThan(0);
  });

  it('a request line that is not HTTP at all answers the envelope too', async () => {
    const res = parts(await raw(Buffer.from('HELLO\r\n\r\n')));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(100400);
  });

  it('headers past the size limit answer 100413 with 431', async () => {
    const big = `GET /mdr/api/v1/matches HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const res = parts(await raw(Buffer.from(big)));
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ code: 100413, msg: expect.any(String), data: null });
  });
});
