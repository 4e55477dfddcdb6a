/** Shared steps of the onboarding/ops API tests (tests only). */
import type { TestApp } from '../../test/harness';
import { fakeJpeg, multipartPayload } from '../users/test-multipart';
import { OPERATOR_PHONE } from './seed';

let seedNo = 100;

/** uploads `n` distinct JPEGs as the token's user; returns their URLs */
export async function uploadJpegs(t: TestApp, token: string, n: number): Promise<string[]> {
  const parts = Array.from({ length: n }, (_, i) => ({
    field: 'files',
    filename: `doc${i}.jpg`,
    data: fakeJpeg(200, seedNo++),
  }));
  const { payload, headers } = multipartPayload(parts);
  const r = await t.call('POST', '/mdr/api/v1/user/attachments', { token, payload, headers });
  if (r.code !== 0) throw new Error(`upload failed ${r.code}`);
  return r.data.map((f: { url: string }) => f.url);
}

export async function identityBody(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  const [front, back] = await uploadJpegs(t, token, 2);
  return {
    full_name: '陳大文',
    birth_date: '1990-05-20',
    country: 'HK',
    document_type: 1,
    front_image: front,
    back_image: back,
    ...over,
  };
}

export async function applyBody(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  const [front, back, shot] = await uploadJpegs(t, token, 3);
  return {
    intro: '十年睇波經驗，專注英超、西甲及港超賽事的數據分析。',
    id_front: front,
    id_back: back,
    platform1_name: 'YouTube',
    platform1_screenshot: shot,
    ...over,
  };
}

export const operatorLogin = (t: TestApp) => t.loginByPhone(OPERATOR_PHONE);

/** A user whose real-name check an operator approved. */
export async function verifiedUser(t: TestApp, phone: string, opToken: string) {
  const u = await t.loginByPhone(phone);
  const sub = await t.call('POST', '/mdr/api/v1/user/international/identity', {
    token: u.token,
    body: await identityBody(t, u.token),
  });
  if (sub.code !== 0) throw new Error(`identity failed ${sub.code}`);
  const list = await t.call('GET', '/mdr/api/v1/ops/realname?status=pending&size=100', { token: opToken });
  const item = list.data.list.find((x: { user_id: number }) => x.user_id === u.userId);
  const ok = await t.call('POST', `/mdr/api/v1/ops/realname/${item.id}/approve`, { token: opToken });
  if (ok.code !== 0) throw new Error(`approve failed ${ok.code}`);
  return u;
}
