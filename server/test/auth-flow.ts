/** Test helpers that walk the real auth flow (captcha -> code -> login) through the API. */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { stampPassword } from '../modules/auth';
import type { TestApp } from './harness';

export async function captchaAnswer(t: TestApp, to: string): Promise<string> {
  const entries = await t.outbox(to);
  const entry = entries.find((e) => e.channel === 'captcha');
  if (!entry) throw new Error(`no captcha answer for ${to}`);
  return entry.code;
}

export async function sentCode(t: TestApp, to: string): Promise<string> {
  const entries = await t.outbox(to);
  const entry = entries.find((e) => e.channel === 'sms' || e.channel === 'email');
  if (!entry) throw new Error(`no code sent to ${to}`);
  return entry.code;
}

/** Captcha, then an SMS code through the API; returns the code the outbox received. */
export async function requestPhoneCode(
  t: TestApp,
  token: string,
  phone: string,
  scene: 'login' | 'reset' = 'login',
  areaCode = '852',
): Promise<{ code: number; sms: string | null }> {
  await t.call('POST', '/prs/api/v1/user/captcha/sms', { token, body: { area_code: areaCode, phone } });
  const img = await captchaAnswer(t, `${areaCode}${phone}`);
  const r = await t.call('POST', '/prs/api/v1/user/phone-code', {
    token,
    body: { area_code: areaCode, phone, img_code: img, scene },
  });
  return { code: r.code, sms: r.code === 0 ? await sentCode(t, `${areaCode}${phone}`) : null };
}

export async function requestEmailCode(
  t: TestApp,
  token: string,
  email: string,
  scene: 'login' | 'reset' = 'login',
): Promise<{ code: number; mail: string | null }> {
  await t.call('POST', '/prs/api/v1/user/captcha/emails', { token, body: { email } });
  const img = await captchaAnswer(t, email.toLowerCase());
  const r = await t.call('POST', '/prs/api/v1/user/email-code', {
    token,
    body: { email, img_code: img, scene },
  });
  return { code: r.code, mail: r.code === 0 ? await sentCode(t, email.toLowerCase()) : null };
}

/**
 * Encrypts like the client: the password stamped with the server's time and a fresh nonce, RSA-OAEP
 * with SHA-256 under the server's public key, base64. Each ciphertext logs in at most once.
 */
export async function encryptPassword(t: TestApp, password: string): Promise<string> {
  const r = await t.call('GET', '/prs/api/v1/user/public-key');
  const stamped = stampPassword(password, r.data.now, randomBytes(12).toString('hex'));
  return publicEncrypt(
    { key: r.data.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(stamped),
  ).toString('base64');
}
