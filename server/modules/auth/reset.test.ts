import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../http/clock';
import { encryptPassword, requestEmailCode, requestPhoneCode } from '../../test/auth-flow';
import { type TestApp, withTestApp } from '../../test/harness';

let t: TestApp;
let token: string;
withTestApp(async (app) => {
  t = app;
  token = await app.token();
});

const reset = async (body: Record<string, unknown>, newPassword: string, tok = token) =>
  t.call('PUT', '/mdr/api/v1/user/password', {
    token: tok,
    body: { ...body, new_password: await encryptPassword(t, newPassword) },
  });

const passwordLogin = async (who: Record<string, unknown>, password: string) =>
  t.call('POST', '/prs/api/v1/user/login', {
    token,
    body: { login_type: 1, ...who, password: await encryptPassword(t, password) },
  });

describe('PUT /mdr/api/v1/user/password', () => {
  it('sets a first password on a code-only account; password login works afterwards', async () => {
    const phone = { area_code: '852', phone: '98765432' };
    // a code-only account answers like a wrong password (no account enumeration)
    expect((await passwordLogin(phone, 'NewPass99')).code).toBe(100105);
    const { sms } = await requestPhoneCode(t, token, '98765432', 'reset');
    const r = await reset({ ...phone, code: sms }, 'NewPass99');
    expect(r).toMatchObject({ code: 0, data: null });
    expect((await passwordLogin(phone, 'NewPass99')).code).toBe(0);
    expect((await passwordLogin(phone, 'Demo1234')).code).toBe(100105);
  });

  it('changes an email account password: the old one stops working', async () => {
    const who = { email: 'fan@example.com' };
    const { mail } = await requestEmailCode(t, token, 'fan@example.com', 'reset');
    expect((await reset({ ...who, code: mail }, 'Changed123')).code).toBe(0);
    expect((await passwordLogin(who, 'Demo1234')).code).toBe(100105);
    expect((await passwordLogin(who, 'Changed123')).code).toBe(0);
  });

  it('signs out the account elsewhere but keeps the caller', async () => {
    const other = await t.loginByPhone('63330001');
    const caller = await t.token();
    const { sms } = await requestPhoneCode(t, caller, '63330001', 'reset');
    expect((await reset({ area_code: '852', phone: '63330001', code: sms }, 'Abcdefg1', caller)).code).toBe(
      0,
    );
    const probe = (tok: string) =>
      t.call('POST', '/prs/api/v1/user/captcha/sms', {
        token: tok,
        body: { area_code: '852', phone: '60000000' },
      });
    expect((await probe(caller)).code).toBe(0);
    const stale = await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token: other.token,
      body: { area_code: '852', phone: '63330001' },
    });
    expect(stale.code).toBe(100201);
  });

  it.each([
    ['too short', 'Ab1'],
    ['too long', `Ab1${'x'.repeat(18)}`],
    ['letters only', 'abcdefghij'],
    ['digits only', '1234567890'],
    ['with a space', 'abcd 12345'],
    ['non-ASCII', '密碼密碼1234a'],
  ])('answers 100107 for a new password that is %s, without burning the code', async (_n, pw) => {
    const phone = `6444${String(Math.floor(Math.random() * 9000) + 1000)}`;
    await t.loginByPhone(phone);
    const { sms } = await requestPhoneCode(t, token, phone, 'reset');
    expect((await reset({ area_code: '852', phone, code: sms }, pw)).code).toBe(100107);
    expect((await reset({ area_code: '852', phone, code: sms }, 'GoodPass1')).code).toBe(0);
  });

  it('answers 100102 for a wrong code and for a login code', async () => {
    expect((await reset({ area_code: '852', phone: '91234567', code: '000000' }, 'GoodPass1')).code).toBe(
      100102,
    );
    const { sms } = await requestPhoneCode(t, token, '91234567', 'login');
    expect((await reset({ area_code: '852', phone: '91234567', code: sms }, 'GoodPass1')).code).toBe(100102);
  });

  it('answers 100102 for an expired code', async () => {
    const { sms } = await requestPhoneCode(t, token, '63330002', 'reset');
    const clock = fakeClock();
    try {
      clock.advance(301_000);
      expect((await reset({ area_code: '852', phone: '63330002', code: sms }, 'GoodPass1')).code).toBe(
        100102,
      );
    } finally {
      clock.restore();
    }
  });

  it('answers 100103 after 5 wrong codes', async () => {
    const { sms } = await requestPhoneCode(t, token, '63330003', 'reset');
    const wrong = sms === '999999' ? '888888' : '999999';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await reset({ area_code: '852', phone: '63330003', code: wrong }, 'GoodPass1')).code);
    }
    expect(codes).toEqual([100102, 100102, 100102, 100102, 100103]);
    expect((await reset({ area_code: '852', phone: '63330003', code: sms }, 'GoodPass1')).code).toBe(100103);
  });

  it('answers 100404 when no account has that phone', async () => {
    const { sms } = await requestPhoneCode(t, token, '63330004', 'reset');
    expect((await reset({ area_code: '852', phone: '63330004', code: sms }, 'GoodPass1')).code).toBe(100404);
  });

  it('answers 100400 for a new password that is not ciphertext', async () => {
    const r = await t.call('PUT', '/mdr/api/v1/user/password', {
      token,
      body: { area_code: '852', phone: '91234567', code: '123456', new_password: 'GoodPass1' },
    });
    expect(r).toMatchObject({ code: 100400, data: { pointer: '/new_password' } });
  });

  it('needs a token', async () => {
    const r = await t.call('PUT', '/mdr/api/v1/user/password', {
      body: { area_code: '852', phone: '91234567', code: '123456', new_password: 'x' },
    });
    expect(r.code).toBe(100200);
  });
});
