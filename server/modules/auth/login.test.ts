import { randomBytes, webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { nowMs } from '../../http/clock';
import { encryptPassword, requestEmailCode, requestPhoneCode } from '../../test/auth-flow';
import { type TestApp, withTestApp } from '../../test/harness';
import { stampPassword } from './keys';

let t: TestApp;
let token: string;
withTestApp(async (app) => {
  t = app;
  token = await app.token();
});

const login = (body: Record<string, unknown>, path = '/prs/api/v1/user/login') =>
  t.call('POST', path, { token, body });
const probe = (tok: string) =>
  t.call('POST', '/prs/api/v1/user/captcha/sms', {
    token: tok,
    body: { area_code: '852', phone: '60000000' },
  });

describe('password login (type 1)', () => {
  it('signs in the demo phone account with Demo1234', async () => {
    const password = await encryptPassword(t, 'Demo1234');
    const r = await login({ login_type: 1, area_code: '852', phone: '91234567', password });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      id: expect.any(Number),
      user_external: expect.stringMatching(/^u_[0-9a-f]+$/),
    });
    expect(r.data.token).not.toBe(token);
    expect((await probe(r.data.token)).code).toBe(0);
  });

  it('accepts "+852" as the area code', async () => {
    const password = await encryptPassword(t, 'Demo1234');
    expect((await login({ login_type: 1, area_code: '+852', phone: '91234567', password })).code).toBe(0);
  });

  it('signs in the demo email account, whatever the letter case', async () => {
    const password = await encryptPassword(t, 'Demo1234');
    expect((await login({ login_type: 1, email: 'Fan@Example.com', password })).code).toBe(0);
  });

  it('answers 100105 for a wrong password and for an unknown account alike', async () => {
    const wrong = await encryptPassword(t, 'Demo12345');
    const right = await encryptPassword(t, 'Demo1234');
    const a = await login({ login_type: 1, area_code: '852', phone: '91234567', password: wrong });
    const b = await login({ login_type: 1, area_code: '852', phone: '90000001', password: right });
    expect([a.code, b.code]).toEqual([100105, 100105]);
    expect(a.msg).toBe('帳號或密碼錯誤');
  });

  it('answers 100105 for a registered account without a password, like an unknown one (no enumeration)', async () => {
    const codeOnly = await login({
      login_type: 1,
      area_code: '852',
      phone: '98765432',
      password: await encryptPassword(t, 'Demo1234'),
    });
    const unknown = await login({
      login_type: 1,
      area_code: '852',
      phone: '98765439',
      password: await encryptPassword(t, 'Demo1234'),
    });
    expect([codeOnly.code, unknown.code]).toEqual([100105, 100105]);
    expect(codeOnly.msg).toBe(unknown.msg);
  });

  it('answers 100400 for a password that is not ciphertext under our key', async () => {
    for (const password of ['Demo1234', 'QUJD', Buffer.alloc(256, 7).toString('base64'), '!!!']) {
      const r = await login({ login_type: 1, area_code: '852', phone: '91234567', password });
      expect(r.code).toBe(100400);
    }
  });

  it('serves the v2 login path with the same behaviour', async () => {
    const password = await encryptPassword(t, 'Demo1234');
    const r = await login({ login_type: 1, email: 'fan@example.com', password }, '/prs/api/v2/user/login');
    expect(r.code).toBe(0);
    const bad = await login(
      { login_type: 1, email: 'fan@example.com', password: 'x' },
      '/prs/api/v2/user/login',
    );
    expect(bad.code).toBe(100400);
  });
});

describe('password encryption as browsers do it', () => {
  const demo = { login_type: 1, area_code: '852', phone: '91234567' };

  it('accepts RSA-OAEP SHA-256 from WebCrypto (secure contexts)', async () => {
    const pem = (await t.call('GET', '/prs/api/v1/user/public-key')).data.key as string;
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    const key = await webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    const cipher = await webcrypto.subtle.encrypt(
      { name: 'RSA-OAEP' },
      key,
      new TextEncoder().encode(stampPassword('Demo1234', nowMs(), randomBytes(12).toString('hex'))),
    );
    expect((await login({ ...demo, password: Buffer.from(cipher).toString('base64') })).code).toBe(0);
  });

  it('accepts RSA-OAEP SHA-256 (MGF1 SHA-256) from node-forge (plain-http fallback)', async () => {
    const pem = (await t.call('GET', '/prs/api/v1/user/public-key')).data.key as string;
    const publicKey = forge.pki.publicKeyFromPem(pem) as forge.pki.rsa.PublicKey;
    const stamped = stampPassword('Demo1234', nowMs(), randomBytes(12).toString('hex'));
    const cipher = publicKey.encrypt(forge.util.encodeUtf8(stamped), 'RSA-OAEP', {
      md: forge.md.sha256.create(),
      mgf1: { md: forge.md.sha256.create() },
    });
    expect((await login({ ...demo, password: forge.util.encode64(cipher) })).code).toBe(0);
  });
});

/** Encrypts like the client, with the key fetched once: a stamp with `ts` (default: server now) and a fresh nonce. */
describe('code login (types 2 and 4)', () => {
  it('creates an account on the first SMS login, with a default nickname, and finds it again later', async () => {
    const first = await requestPhoneCode(t, token, '61112222');
    const r = await login({ login_type: 2, area_code: '852', phone: '61112222', sms_code: first.sms });
    expect(r.code).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, r.data.id));
    expect(row).toMatchObject({
      areaCode: '852',
      phone: '61112222',
      passwordHash: null,
      nickname: '球迷2222',
    });
    expect(row.userExternal).toBe(r.data.user_external);

    const again = await t.loginByPhone('61112222');
    expect(again.userId).toBe(r.data.id);
  });

  it('logs the seeded account in by SMS without creating another', async () => {
    const { sms } = await requestPhoneCode(t, token, '98765432');
    const r = await login({ login_type: 2, area_code: '852', phone: '98765432', sms_code: sms });
    expect(r.code).toBe(0);
    const rows = await t.db.select().from(users).where(eq(users.phone, '98765432'));
    expect(rows).toHaveLength(1);
    expect(rows[0].nickname).toBe('球迷阿珍');
  });

  it('keeps the same phone under different area codes apart', async () => {
    const hk = await t.loginByPhone('13800000000', '852');
    const cn = await t.loginByPhone('13800000000', '86');
    expect(hk.userId).not.toBe(cn.userId);
  });

  it('creates an account on the first email login', async () => {
    const { mail } = await requestEmailCode(t, token, 'New.Fan@Example.com');
    const r = await login({ login_type: 4, email: 'new.fan@example.com', email_code: mail });
    expect(r.code).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, r.data.id));
    expect(row).toMatchObject({ email: 'new.fan@example.com', phone: null, areaCode: null });
    expect(row.nickname).toMatch(/^球迷\d{4}$/);
  });

  it('answers 100102 for a wrong or missing code', async () => {
    expect(
      (await login({ login_type: 2, area_code: '852', phone: '61113333', sms_code: '123456' })).code,
    ).toBe(100102);
    expect((await login({ login_type: 4, email: 'none@example.com', email_code: '123456' })).code).toBe(
      100102,
    );
  });

  it('does not let an SMS code for one phone log in another', async () => {
    const { sms } = await requestPhoneCode(t, token, '61114444');
    expect((await login({ login_type: 2, area_code: '852', phone: '61114445', sms_code: sms })).code).toBe(
      100102,
    );
  });
});

describe('one live session per account', () => {
  it('revokes the older session when the account logs in again: 100203 there, the new one works', async () => {
    const first = await t.loginByPhone('62220001');
    const second = await t.loginByPhone('62220001');
    expect(second.userId).toBe(first.userId);
    const kicked = await probe(first.token);
    expect(kicked.code).toBe(100203);
    expect(kicked.msg).toBe('您的帳號已在其他設備登入');
    expect((await probe(second.token)).code).toBe(0);
  });

  it('kicks sessions of any login type (password after code)', async () => {
    const byCode = await t.loginByEmail('fan@example.com');
    const password = await encryptPassword(t, 'Demo1234');
    expect((await login({ login_type: 1, email: 'fan@example.com', password })).code).toBe(0);
    expect((await probe(byCode.token)).code).toBe(100203);
  });

  it('leaves other accounts alone', async () => {
    const a = await t.loginByPhone('62220002');
    await t.loginByPhone('62220003');
    expect((await probe(a.token)).code).toBe(0);
  });

  it('leaves the visitor token that logged in usable', async () => {
    const visitor = await t.token();
    const { sms } = await requestPhoneCode(t, visitor, '62220004');
    const r = await t.call('POST', '/prs/api/v1/user/login', {
      token: visitor,
      body: { login_type: 2, area_code: '852', phone: '62220004', sms_code: sms },
    });
    expect(r.code).toBe(0);
    expect((await probe(visitor)).code).toBe(0);
  });
});
