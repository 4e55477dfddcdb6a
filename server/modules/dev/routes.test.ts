import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /dev/outbox', () => {
  it('shows what the message provider sent, newest first, narrowed by recipient, without a token', async () => {
    const { messages } = t.app.deps.providers;
    await messages.send({ channel: 'sms', to: '85255550001', code: '111111', text: 'first' });
    await messages.send({
      channel: 'email',
      to: 'dev@example.com',
      code: '222222',
      text: 'mail',
      subject: 's',
    });
    await messages.send({ channel: 'sms', to: '85255550001', code: '333333', text: 'second' });

    const mine = await t.call('GET', '/dev/outbox?to=85255550001');
    expect(mine.code).toBe(0);
    expect(mine.data.map((m: { code: string }) => m.code)).toEqual(['333333', '111111']);
    expect(mine.data[0]).toEqual({
      channel: 'sms',
      to: '85255550001',
      code: '333333',
      text: 'second',
      at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(mine.data[0].at))).toBe(false);

    const all = await t.call('GET', '/dev/outbox');
    expect(all.data.map((m: { code: string }) => m.code).slice(0, 3)).toEqual(['333333', '222222', '111111']);
    expect((await t.call('GET', '/dev/outbox?to=nobody@example.com')).data).toEqual([]);
  });

  it('sees the codes the real SMS flow sends', async () => {
    const token = await t.token();
    const captcha = await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '55550002' },
    });
    expect(captcha.code).toBe(0);
    const answer = (await t.outbox('85255550002')).find((m) => m.channel === 'captcha');
    expect(answer).toBeDefined();
    const sent = await t.call('POST', '/prs/api/v1/user/phone-code', {
      token,
      body: { area_code: '852', phone: '55550002', img_code: answer!.code, scene: 'login' },
    });
    expect(sent.code).toBe(0);
    const [latest] = await t.outbox('85255550002');
    expect(latest.channel).toBe('sms');
    expect(latest.text).toContain(latest.code);
    expect(latest.text).toContain('驗證碼');
  });

  it('rejects an oversized filter with 100400', async () => {
    expect((await t.call('GET', `/dev/outbox?to=${'9'.repeat(300)}`)).code).toBe(100400);
  });
});

describe('GET /dev/outbox when the dev outbox is off', () => {
  it('does not exist', async () => {
    const prod = await createTestApp({ config: { devOutbox: false } });
    try {
      const r = await prod.call('GET', '/dev/outbox');
      expect(r.status).toBe(404);
      expect(r.code).toBe(100404);
    } finally {
      await prod.close();
    }
  });
});
