/**
 * Private uploads (item 6 of the security issue): identity-document and expert-application images are
 * served only through short-lived URLs signed for their owner or an operator, never cached; avatars and
 * covers stay public and cacheable.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/content';
import { uploadUrlSigner } from '../../storage/signed-urls';
import { createTestApp, type TestApp } from '../../test/harness';
import { applyBody, identityBody, operatorLogin, uploadJpegs, verifiedUser } from '../ops/test-helpers';

let t: TestApp;
let op: { token: string; userId: number };

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorLogin(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const keyOf = (url: string) => url.replace(/^\/uploads\//, '').replace(/\?.*$/, '');

function expectRefused(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe(100404);
  expect(res.headers['content-type']).not.toMatch(/image/);
  expect(res.headers['cache-control']).toBe('no-store');
}

function expectPrivateImage(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
}

/** submits a real-name check; answers the user and the operator's view of the submission */
async function submitted(phone: string) {
  const u = await t.loginByPhone(phone);
  const body = await identityBody(t, u.token);
  const sub = await t.call('POST', '/mdr/api/v1/user/international/identity', { token: u.token, body });
  expect(sub.code).toBe(0);
  const list = await t.call('GET', '/mdr/api/v1/ops/realname?status=pending&size=100', { token: op.token });
  const item = list.data.list.find((x: { user_id: number }) => x.user_id === u.userId);
  return { u, body, item };
}

describe('real-name document images', () => {
  it('are refused without a signature once submitted, and the console gets signed URLs that work', async () => {
    const { body, item } = await submitted('61230301');
    for (const url of [body.front_image, body.back_image]) expectRefused(await get(url));

    expect(item.front_image).toMatch(/^\/uploads\/\d{4}-\d{2}\/[\w-]+\.jpg\?exp=\d+&v=\d+&sig=[\w-]{43}$/);
    expect(keyOf(item.front_image)).toBe(keyOf(body.front_image));
    expect(item.front_image).toContain(`v=${op.userId}`);
    expectPrivateImage(await get(item.front_image));
    expectPrivateImage(await get(item.back_image));
    // the detail and the decision answers sign too
    const detail = await t.call('GET', `/mdr/api/v1/ops/realname/${item.id}`, { token: op.token });
    expectPrivateImage(await get(detail.data.front_image));
  });

  it('opens for the owner with a URL signed for them; tampered, expired or another user’s URLs are refused', async () => {
    const { u, body, item } = await submitted('61230302');
    const signer = uploadUrlSigner(t.config.dataDir);
    expectPrivateImage(await get(signer.sign(body.front_image, u.userId)));

    const signed = item.front_image as string;
    const sig = signed.slice(signed.lastIndexOf('=') + 1);
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    for (const url of [
      signed.replace(sig, flipped), // signature changed
      signed.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`), // expiry pushed out
      signed.replace(`v=${op.userId}`, `v=${u.userId + 1}`), // viewer swapped
      signed.replace(keyOf(body.front_image), keyOf(body.back_image)), // the other file
      signed.replace(/&sig=.*$/, ''), // no signature
      `${body.front_image}?sig=`,
      signer.sign(body.front_image, op.userId, Date.now() - 11 * 60_000), // expired (10 minutes)
    ])
      expectRefused(await get(url));

    // a validly signed URL for somebody who is neither the owner nor an operator
    const stranger = await t.loginByPhone('61230303');
    expectRefused(await get(signer.sign(body.front_image, stranger.userId)));
  });

  it('are not in the owner’s own status answer at all', async () => {
    const { u } = await submitted('61230304');
    const mine = await t.call('GET', '/mdr/api/v1/user/identity', { token: u.token });
    expect(JSON.stringify(mine.data)).not.toContain('/uploads/');
  });
});

describe('expert-application images', () => {
  it('are refused without a signature and signed for the operator in the review queue', async () => {
    const u = await verifiedUser(t, '61230311', op.token);
    const body = await applyBody(t, u.token);
    const r = await t.call('POST', '/mdr/api/v1/user/international/experts/apply', { token: u.token, body });
    expect(r.code).toBe(0);
    for (const url of [body.id_front, body.id_back, body.platform1_screenshot]) expectRefused(await get(url));

    const list = await t.call('GET', '/mdr/api/v1/ops/expert-applications?status=0&size=100', {
      token: op.token,
    });
    const item = list.data.list.find((x: { user_id: number }) => x.user_id === u.userId);
    expectPrivateImage(await get(item.id_front));
    expectPrivateImage(await get(item.id_back));
    expect(item.platforms).toHaveLength(1);
    expectPrivateImage(await get(item.platforms[0].screenshot));
  });
});

describe('other uploads', () => {
  it('an avatar is public and cacheable for a year, for anyone, without a token', async () => {
    const u = await t.loginByPhone('61230321');
    const [avatar, cover] = await uploadJpegs(t, u.token, 2);
    const put = await t.call('PUT', '/mdr/api/v1/users', {
      token: u.token,
      body: { avatar, cover_url: cover },
    });
    expect(put.code).toBe(0);
    // also long after the upload
    await t.db
      .update(attachments)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(attachments.userId, u.userId));
    for (const url of [avatar, cover]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('an upload nothing uses is shown unsigned only while fresh (the form preview), then refused', async () => {
    const u = await t.loginByPhone('61230322');
    const [url] = await uploadJpegs(t, u.token, 1);
    expectPrivateImage(await get(url));
    await t.db
      .update(attachments)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(attachments.userId, u.userId));
    expectRefused(await get(url));
    // its owner still opens it with a signed URL
    expectPrivateImage(await get(uploadUrlSigner(t.config.dataDir).sign(url, u.userId)));
  });
});
