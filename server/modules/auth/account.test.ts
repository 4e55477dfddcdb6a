import { describe, expect, it } from 'vitest';
import { encryptPassword, sentCode } from '../../test/auth-flow';
import { type TestApp, withTestApp } from '../../test/harness';
import { issueSession } from './sessions';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const passwordLogin = async (who: Record<string, unknown>, password: string) =>
  t.call('POST', '/prs/api/v1/user/login', {
    token: await t.token(),
    body: { login_type: 1, ...who, password: await encryptPassword(t, password) },
  });

const change = async (token: string, oldPw: string | null, newPw: string) =>
  t.call('POST', '/mdr/api/v1/user/password/change', {
    token,
    body: {
      ...(oldPw === null ? {} : { old_password: await encryptPassword(t, oldPw) }),
      new_password: await encryptPassword(t, newPw),
    },
  });

describe('POST /mdr/api/v1/user/password/change', () => {
  it('refuses a wrong old password with 100105 and keeps the old one', async () => {
    const { token } = await t.loginByPhone('61110001');
    expect((await change(token, null, 'First123')).code).toBe(0); // code-only account: no old needed
    const r = await change(token, 'Wrong999', 'Second123');
    expect(r.code).toBe(100105);
    expect((await passwordLogin({ area_code: '852', phone: '61110001' }, 'First123')).code).toBe(0);
  });

  it('changes the password: the new one logs in, the old one not; other sessions end', async () => {
    const who = { area_code: '852', phone: '61110002' };
    const first = await t.loginByPhone('61110002');
    expect((await change(first.token, null, 'Start123')).code).toBe(0);
    const login = await passwordLogin(who, 'Start123');
    const current = login.data.token as string;
    // a second device signed in without kicking (issued directly like a parallel session)
    const other = await t.call('GET', '/mdr/api/v1/users', { token: current });
    expect(other.code).toBe(0);
    expect((await change(current, 'Start123', 'Better456')).code).toBe(0);
    expect((await passwordLogin(who, 'Start123')).code).toBe(100105);
    expect((await passwordLogin(who, 'Better456')).code).toBe(0);
  });

  it('checks the policy of the new password (100107)', async () => {
    const { token } = await t.loginByPhone('61110003');
    expect((await change(token, null, 'short')).code).toBe(100107);
  });

  it('needs a signed-in user', async () => {
    const r = await t.call('POST', '/mdr/api/v1/user/password/change', {
      token: await t.token(),
      body: { new_password: 'x' },
    });
    expect(r.code).toBe(110000);
  });
});

describe('binding another phone or email', () => {
  it('refuses a new phone without the ticket of step one (100110) or with a wrong old code', async () => {
    const { token } = await t.loginByPhone('62220001');
    await t.call('POST', '/mdr/api/v1/user/bind/codes', {
      token,
      body: { step: 'new', channel: 'phone', area_code: '852', phone: '62220002' },
    });
    const noTicket = await t.call('PUT', '/mdr/api/v1/user/bind', {
      token,
      body: { channel: 'phone', area_code: '852', phone: '62220002', code: await sentCode(t, '85262220002') },
    });
    expect(noTicket.code).toBe(100110);
    const old = await t.call('POST', '/mdr/api/v1/user/bind/codes', {
      token,
      body: { step: 'old', channel: 'phone' },
    });
    expect(old.code).toBe(0);
    const wrong = await t.call('POST', '/mdr/api/v1/user/bind/verify', {
      token,
      body: { channel: 'phone', code: '000000' },
    });
    expect(wrong.code).toBe(100102);
    expect((await t.call('GET', '/mdr/api/v1/users', { token })).data.phone).toBe('6222****01');
  });

  it('binds in one call when the code is right and the ticket is given; the old number no longer logs in', async () => {
    const { token, userId } = await t.loginByPhone('63330001');
    await t.call('POST', '/mdr/api/v1/user/bind/codes', { token, body: { step: 'old', channel: 'phone' } });
    const ticket = (
      await t.call('POST', '/mdr/api/v1/user/bind/verify', {
        token,
        body: { channel: 'phone', code: await sentCode(t, '85263330001') },
      })
    ).data.ticket as string;
    await t.call('POST', '/mdr/api/v1/user/bind/codes', {
      token,
      body: { step: 'new', channel: 'phone', area_code: '852', phone: '63330002' },
    });
    const r = await t.call('PUT', '/mdr/api/v1/user/bind', {
      token,
      body: {
        channel: 'phone',
        area_code: '852',
        phone: '63330002',
        code: await sentCode(t, '85263330002'),
        ticket,
      },
    });
    expect(r.code).toBe(0);
    const me = await t.call('GET', '/mdr/api/v1/users', { token });
    expect(me.data.phone).toBe('6333****02');
    // the new number now signs in to the same account
    expect((await t.loginByPhone('63330002')).userId).toBe(userId);
  });

  it('binds a first email without step one; an email of another account is refused', async () => {
    const { token } = await t.loginByPhone('64440001');
    await t.call('POST', '/mdr/api/v1/user/bind/codes', {
      token,
      body: { step: 'new', channel: 'email', email: 'Bind@Example.com' },
    });
    const r = await t.call('PUT', '/mdr/api/v1/user/bind', {
      token,
      body: { channel: 'email', email: 'bind@example.com', code: await sentCode(t, 'bind@example.com') },
    });
    expect(r.code).toBe(0);
    expect((await t.call('GET', '/mdr/api/v1/users', { token })).data.email).toBe('bi****@example.com');

    const second = await t.loginByPhone('64440002');
    const taken = await t.call('PUT', '/mdr/api/v1/user/bind', {
      token: second.token,
      body: { channel: 'email', email: 'bind@example.com', code: '123456' },
    });
    expect(taken.code).toBe(100109);
  });

  it('a code to "the current email" of an account without one answers 100111', async () => {
    const { token } = await t.loginByPhone('64440003');
    const r = await t.call('POST', '/mdr/api/v1/user/bind/codes', {
      token,
      body: { step: 'old', channel: 'email' },
    });
    expect(r.code).toBe(100111);
  });
});

describe('signed-in devices', () => {
  it('lists the live sessions with the current one marked and the device of the login', async () => {
    const who = { area_code: '852', phone: '65550001' };
    const first = await t.loginByPhone('65550001');
    await change(first.token, null, 'Device123');
    const a = await t.call('POST', '/prs/api/v1/user/login', {
      token: await t.token(),
      headers: { 'x-device-brand': 'Apple', 'x-device-model': 'iPhone' },
      body: { login_type: 1, ...who, password: await encryptPassword(t, 'Device123') },
    });
    const list = await t.call('GET', '/mdr/api/v1/user/sessions', { token: a.data.token });
    expect(list.code).toBe(0);
    // the first session was kicked by the newer login: only live ones are listed
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ device: 'Apple iPhone', current: true });
  });

  it('sign out others revokes the other sessions of the caller only', async () => {
    const me = await t.loginByPhone('65550002');
    const stranger = await t.loginByPhone('65550003');
    // sessions of other devices (issued directly: a login through the API would kick the older ones)
    const other1 = await issueSession(t.db, { userId: me.userId, ttlDays: 1, device: 'Pixel 8' });
    const other2 = await issueSession(t.db, { userId: me.userId, ttlDays: 1 });
    const before = await t.call('GET', '/mdr/api/v1/user/sessions', { token: me.token });
    expect(before.data.list).toHaveLength(3);
    expect(before.data.list.filter((d: { current: boolean }) => d.current)).toHaveLength(1);

    const r = await t.call('POST', '/mdr/api/v1/user/sessions/sign-out-others', {
      token: me.token,
      body: {},
    });
    expect(r).toMatchObject({ code: 0, data: { revoked: 2 } });
    for (const gone of [other1.token, other2.token])
      expect((await t.call('GET', '/mdr/api/v1/users', { token: gone })).code).toBe(100201);
    expect((await t.call('GET', '/mdr/api/v1/users', { token: me.token })).code).toBe(0);
    expect((await t.call('GET', '/mdr/api/v1/users', { token: stranger.token })).code).toBe(0);
    const after = await t.call('GET', '/mdr/api/v1/user/sessions', { token: me.token });
    expect(after.data.list).toHaveLength(1);
  });
});
