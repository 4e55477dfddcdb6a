import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../http/clock';
import { captchaAnswer, requestEmailCode, requestPhoneCode } from '../../test/auth-flow';
import { createTestApp, type TestApp, withTestApp } from '../../test/harness';

let t: TestApp;
let token: string;
withTestApp(async (app) => {
  t = app;
  token = await app.token();
});

describe('image captcha', () => {
  it('returns an SVG data URL and records the answer in the dev outbox', async () => {
    const r = await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '51000001' },
    });
    expect(r.code).toBe(0);
    expect(r.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(r.data.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg/);
    expect(await captchaAnswer(t, '85251000001')).toMatch(/^[a-z0-9]{4}$/);
  });

  it('works for an email, keyed by the lower-cased address', async () => {
    const r = await t.call('POST', '/prs/api/v1/user/captcha/emails', {
      token,
      body: { email: 'Mixed@Example.com' },
    });
    expect(r.code).toBe(0);
    expect(await captchaAnswer(t, 'mixed@example.com')).toMatch(/^[a-z0-9]{4}$/);
  });

  it('accepts the answer in any letter case', async () => {
    await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '51000002' },
    });
    const img = (await captchaAnswer(t, '85251000002')).toUpperCase();
    const r = await t.call('POST', '/prs/api/v1/user/phone-code', {
      token,
      body: { area_code: '852', phone: '51000002', img_code: img, scene: 'login' },
    });
    expect(r.code).toBe(0);
  });

  it('is single use: a wrong answer consumes it, so the right one fails afterwards', async () => {
    await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '51000003' },
    });
    const img = await captchaAnswer(t, '85251000003');
    const send = (img_code: string) =>
      t.call('POST', '/prs/api/v1/user/phone-code', {
        token,
        body: { area_code: '852', phone: '51000003', img_code, scene: 'login' },
      });
    expect((await send('zzzz')).code).toBe(100101);
    expect((await send(img)).code).toBe(100101);
  });

  it('lets one of 20 parallel answers through (checking consumes it first)', async () => {
    await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '51000009' },
    });
    const img = await captchaAnswer(t, '85251000009');
    const codes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/prs/api/v1/user/phone-code', {
          token,
          body: { area_code: '852', phone: '51000009', img_code: img, scene: 'login' },
        }),
      ),
    );
    expect(codes.filter((r) => r.code === 0)).toHaveLength(1);
    expect(codes.filter((r) => r.code === 100101)).toHaveLength(19);
  });

  it('is bound to the phone it was asked for', async () => {
    await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '51000004' },
    });
    const img = await captchaAnswer(t, '85251000004');
    const r = await t.call('POST', '/prs/api/v1/user/phone-code', {
      token,
      body: { area_code: '852', phone: '51000005', img_code: img, scene: 'login' },
    });
    expect(r.code).toBe(100101);
  });

  it('expires after 5 minutes', async () => {
    await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '51000006' },
    });
    const img = await captchaAnswer(t, '85251000006');
    const clock = fakeClock();
    try {
      clock.advance(5 * 60_000 + 1000);
      const r = await t.call('POST', '/prs/api/v1/user/phone-code', {
        token,
        body: { area_code: '852', phone: '51000006', img_code: img, scene: 'login' },
      });
      expect(r.code).toBe(100101);
    } finally {
      clock.restore();
    }
  });

  it('is needed at all: sending a code without asking for one fails', async () => {
    const r = await t.call('POST', '/prs/api/v1/user/phone-code', {
      token,
      body: { area_code: '852', phone: '51000007', img_code: 'abcd', scene: 'login' },
    });
    expect(r.code).toBe(100101);
  });
});

describe('phone and email codes', () => {
  it('sends a 6-digit SMS code and tells the client the expiry and resend times', async () => {
    await t.call('POST', '/prs/api/v1/user/captcha/sms', {
      token,
      body: { area_code: '852', phone: '52000001' },
    });
    const img = await captchaAnswer(t, '85252000001');
    const r = await t.call('POST', '/prs/api/v1/user/phone-code', {
      token,
      body: { area_code: '852', phone: '52000001', img_code: img, scene: 'login' },
    });
    expect(r).toMatchObject({ code: 0, data: { expire_in: 300, resend_in: 60 } });
    const entries = await t.outbox('85252000001');
    const sms = entries.find((e) => e.channel === 'sms');
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.text).toContain(sms?.code);
  });

  it('sends an email code the same way', async () => {
    const r = await requestEmailCode(t, token, 'someone@example.com');
    expect(r.code).toBe(0);
    expect(r.mail).toMatch(/^\d{6}$/);
  });

  it('refuses a second code within 60 s (100104) and allows it after', async () => {
    const clock = fakeClock();
    try {
      expect((await requestPhoneCode(t, token, '52000002')).code).toBe(0);
      clock.advance(59_000);
      expect((await requestPhoneCode(t, token, '52000002')).code).toBe(100104);
      clock.advance(2_000);
      expect((await requestPhoneCode(t, token, '52000002')).code).toBe(0);
    } finally {
      clock.restore();
    }
  });

  it('counts the resend wait across scenes', async () => {
    expect((await requestPhoneCode(t, token, '52000003', 'login')).code).toBe(0);
    expect((await requestPhoneCode(t, token, '52000003', 'reset')).code).toBe(100104);
  });

  it('answers 100000 and allows an immediate retry when the message cannot be sent', async () => {
    const failing = await createTestApp({
      providers: {
        messages: {
          send: async () => {
            throw new Error('gateway down');
          },
        },
      },
    });
    try {
      const visitor = await failing.token();
      expect((await requestPhoneCode(failing, visitor, '52000004')).code).toBe(100000);
      expect((await requestPhoneCode(failing, visitor, '52000004')).code).toBe(100000);
    } finally {
      await failing.close();
    }
  });
});

describe('rate limits', () => {
  it('caps codes per phone per hour (100429)', async () => {
    const limited = await createTestApp({ config: { codeLimitPerTarget: 2 } });
    const clock = fakeClock();
    try {
      const visitor = await limited.token();
      expect((await requestPhoneCode(limited, visitor, '53000001')).code).toBe(0);
      clock.advance(61_000);
      expect((await requestPhoneCode(limited, visitor, '53000001')).code).toBe(0);
      clock.advance(61_000);
      expect((await requestPhoneCode(limited, visitor, '53000001')).code).toBe(100429);
      clock.advance(3600_000);
      expect((await requestPhoneCode(limited, visitor, '53000001')).code).toBe(0);
    } finally {
      clock.restore();
      await limited.close();
    }
  });

  it('caps codes per IP per hour across targets (100429)', async () => {
    const limited = await createTestApp({ config: { codeLimitPerIp: 2 } });
    try {
      const visitor = await limited.token();
      expect((await requestPhoneCode(limited, visitor, '53000002')).code).toBe(0);
      expect((await requestEmailCode(limited, visitor, 'ip1@example.com')).code).toBe(0);
      expect((await requestPhoneCode(limited, visitor, '53000003')).code).toBe(100429);
    } finally {
      await limited.close();
    }
  });
});
