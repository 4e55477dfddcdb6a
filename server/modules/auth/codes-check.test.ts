/** The code check at login: expiry, single use, wrong attempts, parallel guesses (split from codes.test.ts). */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { verificationCodes } from '../../db/schema';
import { fakeClock } from '../../http/clock';
import type { ApiError } from '../../http/errors';
import { requestPhoneCode, sentCode } from '../../test/auth-flow';
import { type TestApp, withTestApp } from '../../test/harness';
import { consumeCode, createCode } from './codes';
import { phoneTarget } from './targets';

/** The same database, but every `select()` query resolves `ms` later (to widen race windows). */
function slowSelects(db: Db, ms: number): Db {
  const later = <T>(v: T) => new Promise<T>((resolve) => setTimeout(() => resolve(v), ms));
  const wrap = (builder: object): any =>
    new Proxy(builder, {
      get(target: any, prop) {
        if (prop === 'then') {
          return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
            target.then(later).then(ok, fail);
        }
        const value = target[prop];
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out = value.apply(target, args);
          return out && typeof out === 'object' && typeof out.then === 'function' ? wrap(out) : out;
        };
      },
    });
  return new Proxy(db, {
    get(target: any, prop) {
      const value = target[prop];
      if (prop === 'select') return (...args: unknown[]) => wrap(value.apply(target, args));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let t: TestApp;
let token: string;
withTestApp(async (app) => {
  t = app;
  token = await app.token();
});

describe('code check at login', () => {
  const login = (phone: string, sms_code: string) =>
    t.call('POST', '/prs/api/v1/user/login', {
      token,
      body: { login_type: 2, area_code: '852', phone, sms_code },
    });

  it('expires after 5 minutes', async () => {
    const { sms } = await requestPhoneCode(t, token, '54000001');
    const clock = fakeClock();
    try {
      clock.advance(5 * 60_000 + 1000);
      expect((await login('54000001', sms!)).code).toBe(100102);
    } finally {
      clock.restore();
    }
  });

  it('works once only', async () => {
    const { sms } = await requestPhoneCode(t, token, '54000002');
    expect((await login('54000002', sms!)).code).toBe(0);
    expect((await login('54000002', sms!)).code).toBe(100102);
  });

  it('burns the code after 5 wrong attempts (100103), even for the right code', async () => {
    const { sms } = await requestPhoneCode(t, token, '54000003');
    const wrong = sms === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await login('54000003', wrong)).code).toBe(100102);
    expect((await login('54000003', wrong)).code).toBe(100103);
    expect((await login('54000003', sms!)).code).toBe(100103);
  });

  it('accepts a fresh code after the old one was burnt', async () => {
    const clock = fakeClock();
    try {
      const first = await requestPhoneCode(t, token, '54000004');
      for (let i = 0; i < 5; i++) await login('54000004', first.sms === '000000' ? '111111' : '000000');
      clock.advance(61_000);
      const second = await requestPhoneCode(t, token, '54000004');
      expect((await login('54000004', second.sms!)).code).toBe(0);
    } finally {
      clock.restore();
    }
  });

  it('only honours the newest code', async () => {
    const clock = fakeClock();
    try {
      const first = await requestPhoneCode(t, token, '54000005');
      clock.advance(61_000);
      const second = await requestPhoneCode(t, token, '54000005');
      if (first.sms !== second.sms) expect((await login('54000005', first.sms!)).code).toBe(100102);
      expect((await login('54000005', second.sms!)).code).toBe(0);
    } finally {
      clock.restore();
    }
  });

  it('does not accept a reset code for login', async () => {
    const { sms } = await requestPhoneCode(t, token, '54000006', 'reset');
    expect((await login('54000006', sms!)).code).toBe(100102);
  });

  it('compares at most 5 of 30 parallel guesses: the right code sent among them does not get through', async () => {
    const { sms } = await requestPhoneCode(t, token, '54000009');
    const wrong = Array.from({ length: 29 }, (_, i) =>
      String((Number(sms) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const codes = (await Promise.all([...wrong, sms!].map((c) => login('54000009', c)))).map((r) => r.code);
    // every counted attempt is one comparison; the count stops at the limit whatever the concurrency
    const [row] = await t.db
      .select({ attempts: verificationCodes.attempts, consumedAt: verificationCodes.consumedAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.target, '852:54000009'))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(row).toEqual({ attempts: 5, consumedAt: null });
    expect(codes.filter((c) => c === 100102)).toHaveLength(4);
    expect(codes.filter((c) => c === 100103)).toHaveLength(26);
    expect(codes[29]).toBe(100103);
    expect((await login('54000009', sms!)).code).toBe(100103);
  });

  it('compares at most 5 guesses even when every lookup is slow (the count cannot be read stale)', async () => {
    // every SELECT answers 30 ms late, so a check-then-count implementation reads the same count 30 times
    const db = slowSelects(t.db, 30);
    const target = phoneTarget('852', '54000010');
    const { code } = await createCode(t.db, { target, scene: 'login', ip: 'test' });
    const wrong = Array.from({ length: 29 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      [...wrong, code].map((c) =>
        consumeCode(db, target, 'login', c).then(
          () => 0,
          (e: ApiError) => e.code,
        ),
      ),
    );
    const [row] = await t.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.target, '852:54000010'))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(row.attempts).toBe(5);
    expect(answers.filter((c) => c === 0 || c === 100102).length).toBeLessThanOrEqual(5);
    expect(answers[29]).toBe(100103);
  });

  it('reads the code from the outbox of the right phone only', async () => {
    await requestPhoneCode(t, token, '54000007');
    await expect(sentCode(t, '85254000008')).rejects.toThrow(/no code/);
  });
});
