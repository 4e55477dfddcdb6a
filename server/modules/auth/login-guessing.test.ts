/** Password login under attack: guessing limits per account and per IP, replayed ciphertexts (split from login.test.ts). */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { fakeClock, nowMs } from '../../http/clock';
import { encryptPassword, requestPhoneCode } from '../../test/auth-flow';
import { type TestApp, withTestApp } from '../../test/harness';
import { STAMP_WINDOW_MS, stampPassword } from './keys';
import { MAX_PASSWORD_FAILURES_PER_IP } from './password-throttle';
import { verifyPassword } from './passwords';

// counts how many passwords were really checked (scrypt), to prove parallel guesses cannot outrun the limit
vi.mock('./passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('./passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApp;
let token: string;
withTestApp(async (app) => {
  t = app;
  token = await app.token();
});

const login = (body: Record<string, unknown>, path = '/prs/api/v1/user/login') =>
  t.call('POST', path, { token, body });
const _probe = (tok: string) =>
  t.call('POST', '/prs/api/v1/user/captcha/sms', {
    token: tok,
    body: { area_code: '852', phone: '60000000' },
  });

async function encryptor() {
  const pem = (await t.call('GET', '/prs/api/v1/user/public-key')).data.key as string;
  return (password: string, opts: { ts?: number; raw?: boolean } = {}) =>
    publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(
        opts.raw ? password : stampPassword(password, opts.ts ?? nowMs(), randomBytes(12).toString('hex')),
      ),
    ).toString('base64');
}

/** Login from a given client IP (app.inject's remote address). */
async function loginFrom(ip: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/prs/api/v1/user/login',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res.json().code;
}

/** A code-login account given a password through the reset flow. */
async function accountWithPassword(phone: string, password: string) {
  await t.loginByPhone(phone);
  const reset = await requestPhoneCode(t, token, phone, 'reset');
  const r = await t.call('PUT', '/mdr/api/v1/user/password', {
    token,
    body: { area_code: '852', phone, code: reset.sms, new_password: await encryptPassword(t, password) },
  });
  expect(r.code).toBe(0);
  return { login_type: 1, area_code: '852', phone };
}

const tally = (codes: number[]) => {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
};

describe('password guessing', () => {
  it('locks password login for an account after 10 wrong passwords in 15 minutes (100429)', async () => {
    const who = await accountWithPassword('61119999', 'Right123');
    const clock = fakeClock();
    try {
      for (let i = 0; i < 10; i++) {
        expect((await login({ ...who, password: await encryptPassword(t, 'Wrong123') })).code).toBe(100105);
      }
      expect((await login({ ...who, password: await encryptPassword(t, 'Right123') })).code).toBe(100429);
      const other = await login({
        login_type: 1,
        area_code: '852',
        phone: '91234567',
        password: await encryptPassword(t, 'Demo1234'),
      });
      expect(other.code).toBe(0);
      clock.advance(15 * 60_000 + 1000);
      expect((await login({ ...who, password: await encryptPassword(t, 'Right123') })).code).toBe(0);
    } finally {
      clock.restore();
    }
  });

  it('checks at most 10 of 30 parallel wrong passwords; the rest and the right one afterwards answer 100429', async () => {
    const who = await accountWithPassword('61118801', 'Right123');
    const enc = await encryptor();
    const verify = vi.mocked(verifyPassword);
    verify.mockClear();
    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom('10.1.0.1', { ...who, password: enc(`Wrong${i}xx`) })),
    );
    expect(tally(codes)).toEqual({ 100105: 10, 100429: 20 });
    expect(verify).toHaveBeenCalledTimes(10);
    expect(await loginFrom('10.1.0.1', { ...who, password: enc('Right123') })).toBe(100429);
    expect(await loginFrom('10.1.0.2', { ...who, password: enc('Right123') })).toBe(100429);
    expect(verify).toHaveBeenCalledTimes(10);
  });

  it('does not let the right password among 30 parallel guesses through after 10 were checked', async () => {
    const who = await accountWithPassword('61118802', 'Right123');
    const enc = await encryptor();
    const verify = vi.mocked(verifyPassword);
    verify.mockClear();
    const bodies = Array.from({ length: 29 }, (_, i) => ({ ...who, password: enc(`Wrong${i}xx`) }));
    bodies.push({ ...who, password: enc('Right123') });
    const codes = await Promise.all(bodies.map((b) => loginFrom('10.1.0.3', b)));
    const counts = tally(codes);
    // at most 10 passwords checked in all: wrong ones (100105) plus the right one if it was among them
    expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    expect((counts[100105] ?? 0) + (counts[0] ?? 0)).toBeLessThanOrEqual(10);
    expect(counts[100429]).toBeGreaterThanOrEqual(20);
    // the right one came last: by then the account was locked
    expect(codes[29]).toBe(100429);
  });

  it('counts unknown and password-less accounts the same way (100429 after 10)', async () => {
    const enc = await encryptor();
    await t.loginByPhone('61118805'); // registered by code login, no password
    for (const phone of ['61118803', '61118805']) {
      const who = { login_type: 1, area_code: '852', phone };
      const codes = await Promise.all(
        Array.from({ length: 12 }, () => loginFrom('10.1.0.4', { ...who, password: enc('Demo1234') })),
      );
      expect(tally(codes)).toEqual({ 100105: 10, 100429: 2 });
    }
  });

  it(`throttles one IP after ${MAX_PASSWORD_FAILURES_PER_IP} wrong passwords across accounts; other IPs go on`, async () => {
    const enc = await encryptor();
    const body = (i: number) => ({
      login_type: 1,
      area_code: '852',
      phone: `6117${String(i).padStart(4, '0')}`,
    });
    const codes = await Promise.all(
      Array.from({ length: MAX_PASSWORD_FAILURES_PER_IP + 10 }, (_, i) =>
        loginFrom('10.1.0.5', { ...body(i), password: enc('Nope1234') }),
      ),
    );
    expect(tally(codes)).toEqual({ 100105: MAX_PASSWORD_FAILURES_PER_IP, 100429: 10 });
    const demo = { login_type: 1, area_code: '852', phone: '91234567' };
    expect(await loginFrom('10.1.0.5', { ...demo, password: enc('Demo1234') })).toBe(100429);
    expect(await loginFrom('10.1.0.6', { ...demo, password: enc('Demo1234') })).toBe(0);
    // the IP's refusals did not count against the accounts
    expect(
      await loginFrom('10.1.0.6', { ...body(MAX_PASSWORD_FAILURES_PER_IP + 5), password: enc('Nope1234') }),
    ).toBe(100105);
  });

  it('gives a right password its IP attempt back, so signing in often never locks the IP', async () => {
    const enc = await encryptor();
    const demo = { login_type: 1, area_code: '852', phone: '91234567' };
    for (let i = 0; i < MAX_PASSWORD_FAILURES_PER_IP + 5; i++) {
      expect(await loginFrom('10.1.0.7', { ...demo, password: enc('Demo1234') })).toBe(0);
    }
  });
});

describe('captured password ciphertexts (replay)', () => {
  const demo = { login_type: 1, area_code: '852', phone: '91234567' };

  it('logs in once per ciphertext: the same ciphertext again answers 100400', async () => {
    const enc = await encryptor();
    const password = enc('Demo1234');
    expect((await login({ ...demo, password })).code).toBe(0);
    const again = await login({ ...demo, password });
    expect(again.code).toBe(100400);
    expect(again.data).toMatchObject({ pointer: '/password' });
  });

  it('refuses a ciphertext captured minutes ago, even if never used', async () => {
    const enc = await encryptor();
    const password = enc('Demo1234');
    const clock = fakeClock();
    try {
      clock.advance(STAMP_WINDOW_MS + 1000);
      expect((await login({ ...demo, password })).code).toBe(100400);
    } finally {
      clock.restore();
    }
  });

  it('refuses stamps outside 5 minutes of the server clock and bare passwords', async () => {
    const enc = await encryptor();
    const early = enc('Demo1234', { ts: nowMs() - STAMP_WINDOW_MS - 5000 });
    const late = enc('Demo1234', { ts: nowMs() + STAMP_WINDOW_MS + 5000 });
    const bare = enc('Demo1234', { raw: true });
    const badNonce = enc(JSON.stringify({ ts: nowMs(), nonce: 'short', pw: 'Demo1234' }), { raw: true });
    for (const password of [early, late, bare, badNonce]) {
      expect((await login({ ...demo, password })).code).toBe(100400);
    }
    expect((await login({ ...demo, password: enc('Demo1234', { ts: nowMs() - 60_000 }) })).code).toBe(0);
  });

  it('does not count a replay as a password attempt', async () => {
    const who = await accountWithPassword('61118804', 'Right123');
    const enc = await encryptor();
    const wrong = enc('Wrong123');
    expect(await loginFrom('10.1.0.8', { ...who, password: wrong })).toBe(100105);
    for (let i = 0; i < 12; i++)
      expect(await loginFrom('10.1.0.8', { ...who, password: wrong })).toBe(100400);
    expect(await loginFrom('10.1.0.8', { ...who, password: enc('Right123') })).toBe(0);
  });

  it('accepts one of 10 parallel replays of one fresh ciphertext', async () => {
    const enc = await encryptor();
    const password = enc('Demo1234');
    const codes = await Promise.all(
      Array.from({ length: 10 }, () => loginFrom('10.1.0.9', { ...demo, password })),
    );
    expect(tally(codes)).toEqual({ 0: 1, 100400: 9 });
  });
});
