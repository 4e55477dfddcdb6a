/** Covers chosen before the room exists: previews drawn from the form's title and match, the chosen style stored on creation. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveCreators, matches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('previews a cover from a title and a match, and stores the chosen style on the new room', async () => {
  const [match] = await t.db.select({ id: matches.id }).from(matches).limit(1);
  const withMatch = await t.app.inject({
    method: 'GET',
    url: `/live-covers/preview/split.svg?title=${encodeURIComponent('睇波傾偈 <b>')}&match_id=${match.id}`,
  });
  expect(withMatch.statusCode).toBe(200);
  expect(withMatch.headers['content-type']).toContain('image/svg+xml');
  expect(withMatch.body).toMatch(/^<svg/);
  expect(withMatch.body).not.toContain('<b>');
  const titleOnly = await t.app.inject({ method: 'GET', url: '/live-covers/preview/pitch.svg?title=abc' });
  expect(titleOnly.statusCode).toBe(200);
  expect(titleOnly.body).toContain('abc');
  // the match's clubs change the drawing
  const noMatch = await t.app.inject({
    method: 'GET',
    url: `/live-covers/preview/split.svg?title=${encodeURIComponent('睇波傾偈 <b>')}`,
  });
  expect(noMatch.body).not.toBe(withMatch.body);
  // refusals come in the envelope, never as a picture
  const unknownStyle = await t.app.inject({ method: 'GET', url: '/live-covers/preview/other.svg' });
  expect(unknownStyle.json().code).toBe(100404);
  const badMatch = await t.app.inject({ method: 'GET', url: '/live-covers/preview/pitch.svg?match_id=x' });
  expect(badMatch.json().code).toBe(100400);

  const owner = await t.loginByPhone('62175301');
  await t.db.insert(liveCreators).values({ userId: owner.userId });
  const room = await t.call('POST', '/mdr/api/v1/live/rooms', {
    token: owner.token,
    body: { title: '德甲焦點', category: 'football', match_id: match.id, cover_style: 'stripes' },
  });
  expect(room.code).toBe(0);
  expect(room.data.cover).toBe(`/live-covers/${room.data.id}-stripes.svg`);
  await t.call('POST', `/mdr/api/v1/live/rooms/${room.data.id}/end`, { token: owner.token });

  // an uploaded cover wins over the chosen style
  const uploaded = await t.call('POST', '/mdr/api/v1/live/rooms', {
    token: owner.token,
    body: { title: '意甲夜話', category: 'talk', cover: '/uploads/x/cover.jpg', cover_style: 'pitch' },
  });
  expect(uploaded.code).toBe(0);
  expect(uploaded.data.cover).toBe('/uploads/x/cover.jpg');
});
