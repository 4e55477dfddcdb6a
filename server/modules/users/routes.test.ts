import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { fakeJpeg, multipartPayload } from './test-multipart';

let t: TestApp;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('51230987');
  bob = await t.loginByEmail('bob.fan@example.com');
});
afterAll(async () => {
  await t?.close();
});

const put = (token: string | null, body: unknown) => t.call('PUT', '/mdr/api/v1/users', { token, body });

async function uploadOne(token: string): Promise<string> {
  const { payload, headers } = multipartPayload([{ field: 'files', filename: 'me.jpg', data: fakeJpeg(64) }]);
  const r = await t.call('POST', '/mdr/api/v1/user/attachments', { token, payload, headers });
  expect(r.code).toBe(0);
  return r.data[0].url;
}

describe('GET /mdr/api/v1/users and user-center', () => {
  it('shows the caller their own info with masked contact details', async () => {
    const r = await t.call('GET', '/mdr/api/v1/users', { token: alice.token });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      id: alice.userId,
      area_code: '852',
      phone: '5123****87',
      email: null,
      has_password: false,
    });
    expect(r.data.user_external).toEqual(expect.any(String));
    expect(r.data.nickname.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.data)).not.toContain('51230987');

    const b = await t.call('GET', '/mdr/api/v1/users', { token: bob.token });
    expect(b.data.email).toBe('bo****@example.com');
    expect(b.data.phone).toBeNull();
  });

  it('wraps the info with stats in the user centre', async () => {
    const r = await t.call('GET', '/mdr/api/v1/user-center', { token: alice.token });
    expect(r.code).toBe(0);
    expect(r.data.user.id).toBe(alice.userId);
    expect(r.data.stats).toEqual({ following: 0, followers: 0, likes: 0, coins: 0 });
  });

  it('answers 110000 to a visitor and 100200 without a token', async () => {
    const visitor = await t.token();
    for (const url of ['/mdr/api/v1/users', '/mdr/api/v1/user-center']) {
      expect((await t.call('GET', url, { token: visitor })).code).toBe(110000);
      expect((await t.call('GET', url)).code).toBe(100200);
    }
  });
});

describe('PUT /mdr/api/v1/users', () => {
  it('updates the given fields, trims text and leaves the rest alone', async () => {
    const r = await put(alice.token, {
      nickname: '  阿麗 ',
      desc: ' 曼聯球迷 ',
      gender: 2,
      province: '香港',
      city: '灣仔區',
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      nickname: '阿麗',
      desc: '曼聯球迷',
      gender: 2,
      province: '香港',
      city: '灣仔區',
    });
    const again = await put(alice.token, { gender: 0 });
    expect(again.data).toMatchObject({ nickname: '阿麗', gender: 0, city: '灣仔區' });
  });

  it('accepts the length limits exactly: nickname 20 characters (CJK counted once), desc 200', async () => {
    const r = await put(alice.token, { nickname: '球'.repeat(20), desc: 'd'.repeat(200) });
    expect(r.code).toBe(0);
    expect(r.data.nickname).toBe('球'.repeat(20));
  });

  it('rejects bad input with 100400 and changes nothing', async () => {
    const before = (await t.call('GET', '/mdr/api/v1/users', { token: alice.token })).data;
    const bad: unknown[] = [
      {},
      { nickname: '' },
      { nickname: '    ' },
      { nickname: 'n'.repeat(21) },
      { desc: 'd'.repeat(201) },
      { gender: 3 },
      { gender: '1' },
      { gender: 1.5 },
      { nickname: 42 },
      { nickname: null },
      { province: 'p'.repeat(51) },
      { id: bob.userId, nickname: 'hijack' },
      { nickname: 'ok', phone: '99999999' },
      { avatar: 'https://evil.example.com/a.jpg' },
      { avatar: '/uploads/../../etc/passwd' },
      { cover_url: 'javascript:alert(1)' },
      [],
      'nickname',
    ];
    for (const body of bad) {
      const r = await put(alice.token, body);
      expect(r.code, JSON.stringify(body)).toBe(100400);
      expect(r.status).toBeLessThan(500);
    }
    const malformed = await t.call('PUT', '/mdr/api/v1/users', {
      token: alice.token,
      payload: '{"nickname": "x"',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.code).toBe(100400);
    expect(malformed.status).toBeLessThan(500);
    expect((await t.call('GET', '/mdr/api/v1/users', { token: alice.token })).data).toEqual(before);
  });

  it('takes avatar and cover only from the caller’s own uploads, and can clear them', async () => {
    const mine = await uploadOne(alice.token);
    const cover = await uploadOne(alice.token);
    const bobs = await uploadOne(bob.token);
    const r = await put(alice.token, { avatar: mine, cover_url: cover });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ avatar: mine, cover_url: cover });
    expect((await put(alice.token, { avatar: bobs })).code).toBe(100400);
    expect((await put(alice.token, { cover_url: '/uploads/2020-01/neveruploaded1.jpg' })).code).toBe(100400);
    const cleared = await put(alice.token, { cover_url: '' });
    expect(cleared.data).toMatchObject({ avatar: mine, cover_url: '' });
  });

  it('only ever touches the caller: Bob editing changes Bob, never Alice', async () => {
    const aliceBefore = (await t.call('GET', '/mdr/api/v1/users', { token: alice.token })).data;
    const r = await put(bob.token, { nickname: 'Bob', desc: 'Arsenal' });
    expect(r.code).toBe(0);
    expect(r.data.id).toBe(bob.userId);
    expect((await t.call('GET', '/mdr/api/v1/users', { token: alice.token })).data).toEqual(aliceBefore);
    const publicBob = await t.call('GET', `/mdr/api/v1/users/${bob.userId}/profiles`, { token: alice.token });
    expect(publicBob.data.nickname).toBe('Bob');
  });

  it('needs a logged-in user', async () => {
    expect((await put(await t.token(), { nickname: 'x' })).code).toBe(110000);
    expect((await put(null, { nickname: 'x' })).code).toBe(100200);
  });
});

describe('GET /mdr/api/v1/users/{id}/profiles', () => {
  it('finds a user by numeric id or user_external and hides contact details', async () => {
    const me = (await t.call('GET', '/mdr/api/v1/users', { token: alice.token })).data;
    const visitor = await t.token();
    for (const ref of [String(alice.userId), me.user_external]) {
      const r = await t.call('GET', `/mdr/api/v1/users/${encodeURIComponent(ref)}/profiles`, {
        token: visitor,
      });
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({
        id: alice.userId,
        user_external: me.user_external,
        nickname: me.nickname,
      });
      for (const hidden of ['phone', 'email', 'area_code', 'has_password', 'role', 'ops_roles'])
        expect(r.data).not.toHaveProperty(hidden);
    }
  });

  it('answers 100404 for unknown users, including absurd ids', async () => {
    const visitor = await t.token();
    for (const ref of ['999999', '0', '99999999999999999999', 'u_nobody', '%3Cscript%3E']) {
      const r = await t.call('GET', `/mdr/api/v1/users/${ref}/profiles`, { token: visitor });
      expect(r.code, ref).toBe(100404);
    }
  });

  it('needs a token', async () => {
    expect((await t.call('GET', `/mdr/api/v1/users/${alice.userId}/profiles`)).code).toBe(100200);
  });
});
