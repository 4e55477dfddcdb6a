import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { createMessageProvider, listOutbox, verificationMessage } from './index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('verificationMessage', () => {
  it('writes the code into a localized text, zh-HK by default wording', () => {
    const hk = verificationMessage({ channel: 'sms', to: '85291234567', code: '123456', lang: 'zhhk' });
    expect(hk.text).toContain('【球聚】您的驗證碼是 123456');
    expect(hk.text).toContain('5分鐘');
    expect(hk.subject).toBeUndefined();
    const cn = verificationMessage({
      channel: 'email',
      to: 'a@b.com',
      code: '654321',
      lang: 'zhcn',
      validMinutes: 10,
    });
    expect(cn.text).toContain('验证码是 654321');
    expect(cn.text).toContain('10分钟');
    expect(cn.subject).toContain('验证码');
    expect(verificationMessage({ channel: 'sms', to: 'x', code: '1', lang: 'zhtw' }).text).toContain(
      '驗證碼',
    );
  });
});

describe('createMessageProvider', () => {
  it('records to the outbox by default, readable newest first', async () => {
    const provider = createMessageProvider(loadConfig({ NODE_ENV: 'test' }), t.db);
    await provider.send(
      verificationMessage({ channel: 'sms', to: '85266660001', code: '000111', lang: 'zhhk' }),
    );
    await provider.send(
      verificationMessage({ channel: 'sms', to: '85266660001', code: '000222', lang: 'zhhk' }),
    );
    const list = await listOutbox(t.db, '85266660001');
    expect(list.map((m) => m.code)).toEqual(['000222', '000111']);
    expect(list[0].text).toContain('000222');
  });

  it('refuses an smtp configuration without SMTP_URL instead of silently dropping email', () => {
    expect(() => createMessageProvider(loadConfig({ MESSAGE_PROVIDER: 'smtp' }), t.db)).toThrow(/SMTP_URL/);
  });

  it('in smtp mode still delivers SMS to the outbox (no SMS gateway here)', async () => {
    const provider = createMessageProvider(
      loadConfig({ MESSAGE_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1', SMTP_FROM: 'a@b.c' }),
      t.db,
    );
    await provider.send({ channel: 'sms', to: '85266660002', code: '999000', text: 'x' });
    expect((await listOutbox(t.db, '85266660002'))[0].code).toBe('999000');
  });
});
