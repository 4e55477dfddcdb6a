/** Fans' activities: real name first, own JPEGs, comments and praise, moderation. */
import { describe, expect, it } from 'vitest';
import { resetClock } from '../../http/clock';
import { uploadJpegs, verifiedUser } from '../ops/test-helpers';
import { ops, setUpNewsApp, t, tick, XSS } from './test-kit';

setUpNewsApp();

describe('activities', () => {
  it('real name first; text and own JPEGs; comments, praise; hidden posts never served', async () => {
    const poster = await verifiedUser(t, '61230011', ops.token);
    const plain = await t.loginByPhone('61230012');
    const body = { text: `  ${XSS}  `, images: await uploadJpegs(t, poster.token, 2) };
    const refused = await t.call('POST', '/mdr/api/v1/activities', {
      token: plain.token,
      body: { text: 'hi' },
    });
    expect(refused.code).toBe(110011);
    expect((await t.call('POST', '/mdr/api/v1/activities', { token: await t.token(), body })).code).toBe(
      110000,
    );
    const theirs = await uploadJpegs(t, plain.token, 1);
    const stolen = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: 'x', images: theirs },
    });
    expect(stolen.code).toBe(100400);
    const tooMany = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: 'x', images: Array.from({ length: 10 }, (_, i) => `/uploads/a/${i}.jpg`) },
    });
    expect(tooMany.code).toBe(100400);

    const made = await t.call('POST', '/mdr/api/v1/activities', { token: poster.token, body });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ text: XSS, images: body.images, user: { id: poster.userId } });
    const again = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: '再嚟' },
    });
    expect(again.code).toBe(160103);
    const id = made.data.id;
    const feed = await t.call('GET', '/mdr/api/v1/activities');
    expect(feed.data.list[0]).toMatchObject({ id, text: XSS });
    // the post's images are public now (other fans see them)
    const img = await t.app.inject({ method: 'GET', url: body.images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toContain('public');

    tick(60_000);
    const c = await t.call('POST', `/mdr/api/v1/activities/${id}/comments`, {
      token: plain.token,
      body: { text: '好相' },
    });
    expect(c.data.comment_count).toBe(1);
    const p = await t.call('POST', `/mdr/api/v1/activities/${id}/praise`, { token: plain.token });
    expect(p.data).toMatchObject({ praised: true, praise_count: 1 });
    const d = await t.call('GET', `/mdr/api/v1/activities/${id}`, { token: plain.token });
    expect(d.data).toMatchObject({ praised: true, comment_count: 1, praise_count: 1 });
    // a news comment id is not a reply target on a post
    resetClock();

    const hide = await t.call('POST', `/mdr/api/v1/ops/activities/${id}/hide`, {
      token: ops.token,
      body: { reason: '廣告' },
    });
    expect(hide.code).toBe(0);
    expect((await t.call('GET', `/mdr/api/v1/activities/${id}`)).code).toBe(100404);
    expect((await t.call('GET', '/mdr/api/v1/activities')).data.list.some((x: any) => x.id === id)).toBe(
      false,
    );
    expect((await t.call('GET', `/mdr/api/v1/activities/${id}/comments`)).code).toBe(100404);
    expect((await t.call('POST', `/mdr/api/v1/activities/${id}/praise`, { token: poster.token })).code).toBe(
      100404,
    );
    // no longer public (only the uploader's preview window or a signed URL opens it)
    const gone = await t.app.inject({ method: 'GET', url: body.images[0] });
    expect(String(gone.headers['cache-control'])).not.toContain('public');
  });
});
