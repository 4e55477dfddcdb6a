import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { identityBody, operatorLogin, uploadJpegs } from '../ops/test-helpers';
import { ageOn, hkToday } from './realname-service';

let t: TestApp;
let op: { token: string; userId: number };
const SUBMIT = '/mdr/api/v1/user/international/identity';
const STATUS = '/mdr/api/v1/user/identity';

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorLogin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('real-name verification', () => {
  it('goes none → pending → rejected with reason → resubmit → approved', async () => {
    const a = await t.loginByPhone('61110001');
    expect((await t.call('GET', STATUS, { token: a.token })).data.status).toBe('none');

    const first = await t.call('POST', SUBMIT, { token: a.token, body: await identityBody(t, a.token) });
    expect(first.code).toBe(0);
    expect(first.data.status).toBe('pending');
    // the owner sees a masked name, not the full record
    expect(first.data.submission.full_name).toBe('陳**');

    // one pending at a time
    const again = await t.call('POST', SUBMIT, { token: a.token, body: await identityBody(t, a.token) });
    expect(again.code).toBe(110012);

    const rej = await t.call('POST', `/mdr/api/v1/ops/realname/${first.data.submission.id}/reject`, {
      token: op.token,
      body: { reason: '證件相片模糊' },
    });
    expect(rej.code).toBe(0);
    const afterReject = await t.call('GET', STATUS, { token: a.token });
    expect(afterReject.data).toMatchObject({ status: 'rejected', reason: '證件相片模糊' });

    const second = await t.call('POST', SUBMIT, { token: a.token, body: await identityBody(t, a.token) });
    expect(second.code).toBe(0);
    expect(second.data.status).toBe('pending');
    const appr = await t.call('POST', `/mdr/api/v1/ops/realname/${second.data.submission.id}/approve`, {
      token: op.token,
    });
    expect(appr.code).toBe(0);
    expect((await t.call('GET', STATUS, { token: a.token })).data).toMatchObject({
      status: 'approved',
      reason: null,
    });

    // deciding twice is refused, and an approved user cannot submit again
    const twice = await t.call('POST', `/mdr/api/v1/ops/realname/${second.data.submission.id}/reject`, {
      token: op.token,
      body: { reason: 'x' },
    });
    expect(twice.code).toBe(110030);
    const third = await t.call('POST', SUBMIT, { token: a.token, body: await identityBody(t, a.token) });
    expect(third.code).toBe(110013);
  });

  it('refuses minors (110014) and impossible dates, accepting someone who turns 18 today', async () => {
    const u = await t.loginByPhone('61110002');
    const today = hkToday();
    const [y, m, d] = today.split('-');
    const seventeen = `${Number(y) - 17}-${m}-${d}`;
    const r = await t.call('POST', SUBMIT, {
      token: u.token,
      body: await identityBody(t, u.token, { birth_date: seventeen }),
    });
    expect(r.code).toBe(110014);
    const bad = await t.call('POST', SUBMIT, {
      token: u.token,
      body: await identityBody(t, u.token, { birth_date: '1990-02-30' }),
    });
    expect(bad.code).toBe(100400);
    const future = await t.call('POST', SUBMIT, {
      token: u.token,
      body: await identityBody(t, u.token, { birth_date: '2999-01-01' }),
    });
    expect(future.code).toBe(100400);
    if (!(m === '02' && d === '29')) {
      const eighteen = `${Number(y) - 18}-${m}-${d}`;
      const ok = await t.call('POST', SUBMIT, {
        token: u.token,
        body: await identityBody(t, u.token, { birth_date: eighteen }),
      });
      expect(ok.code).toBe(0);
    }
    expect(ageOn('2000-03-01', '2018-02-28')).toBe(17);
    expect(ageOn('2000-03-01', '2018-03-01')).toBe(18);
  });

  it('only accepts images the caller uploaded', async () => {
    const a = await t.loginByPhone('61110003');
    const b = await t.loginByPhone('61110004');
    const [bImage] = await uploadJpegs(t, b.token, 1);
    const r = await t.call('POST', SUBMIT, {
      token: a.token,
      body: await identityBody(t, a.token, { back_image: bImage }),
    });
    expect(r.code).toBe(100400);
    expect(r.data).toMatchObject({ pointer: '/back_image' });
  });

  it("never shows one user's record to another; visitors get 110000", async () => {
    const a = await t.loginByPhone('61110005');
    const b = await t.loginByPhone('61110006');
    const body = await identityBody(t, a.token);
    expect((await t.call('POST', SUBMIT, { token: a.token, body })).code).toBe(0);
    const seenByB = await t.call('GET', STATUS, { token: b.token });
    expect(seenByB.data.status).toBe('none');
    expect(JSON.stringify(seenByB.data)).not.toContain(body.front_image.slice(9));
    // B cannot reach the operator views of A's record either
    const list = await t.call('GET', '/mdr/api/v1/ops/realname?status=pending', { token: b.token });
    expect(list.code).toBe(110403);
    expect(JSON.stringify(list.data ?? '')).not.toContain('陳大文');
    const visitor = await t.call('GET', STATUS, { token: await t.token() });
    expect(visitor.code).toBe(110000);
  });

  it('answers every malformed submission with a 4xx-style code, never 5xx', async () => {
    const u = await t.loginByPhone('61110007');
    const good = await identityBody(t, u.token);
    const cases: unknown[] = [
      {},
      { ...good, full_name: '' },
      { ...good, full_name: '   ' },
      { ...good, full_name: 'x'.repeat(51) },
      { ...good, birth_date: '20-01-1990' },
      { ...good, birth_date: 19900101 },
      { ...good, country: 'ZZ' },
      { ...good, country: 'hk' },
      { ...good, document_type: 4 },
      { ...good, document_type: '1' },
      { ...good, front_image: 'https://evil.example/x.jpg' },
      { ...good, front_image: '/uploads/../../etc/passwd' },
      { ...good, back_image: good.front_image },
      { ...good, extra: 1 },
      [good],
      'text',
      null,
    ];
    for (const body of cases) {
      const r = await t.call('POST', SUBMIT, { token: u.token, body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.code, JSON.stringify(body)).toBeGreaterThanOrEqual(100400);
    }
    const raw = await t.call('POST', SUBMIT, {
      token: u.token,
      payload: '{"full_name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBeLessThan(500);
    expect(raw.code).toBe(100400);
    // nothing of the above was stored
    expect((await t.call('GET', STATUS, { token: u.token })).data.status).toBe('none');
  });

  it('offers the country list as picker options', async () => {
    const r = await t.call('GET', '/mdr/api/v1/user/identity/countries', { token: await t.token() });
    expect(r.code).toBe(0);
    expect(r.data[0]).toEqual({ value: 'HK', label: expect.any(String) });
    expect(r.data.length).toBeGreaterThan(10);
  });
});
