import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/harness';
import { type FormPart, fakeJpeg, multipartPayload, PNG_BYTES } from './test-multipart';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.loginByPhone('61230001')).token;
});
afterAll(async () => {
  await t?.close();
});

async function upload(parts: FormPart[], auth: string | null = token) {
  const { payload, headers } = multipartPayload(parts);
  return t.call('POST', '/mdr/api/v1/user/attachments', { token: auth, payload, headers });
}

const jpegPart = (data: Buffer, filename = 'photo.jpg'): FormPart => ({ field: 'files', filename, data });

describe('POST /mdr/api/v1/user/attachments', () => {
  it('stores re-encoded JPEGs and shows them to the uploader as a fresh, uncached preview', async () => {
    const a = fakeJpeg(4000, 1);
    const b = fakeJpeg(100, 2);
    const r = await upload([jpegPart(a, 'a.jpg'), jpegPart(b, '球場.JPEG')]);
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(2);
    expect(r.data[0]).toEqual({
      url: expect.stringMatching(/^\/uploads\/\d{4}-\d{2}\/[\w-]+\.jpg$/),
      name: 'a.jpg',
      size: expect.any(Number),
    });
    expect(r.data[1].name).toBe('球場.JPEG');
    expect(r.data[0].url).not.toBe(r.data[1].url);

    for (const [i, original] of [a, b].entries()) {
      const res = await t.app.inject({ method: 'GET', url: r.data[i].url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      // not referenced by a profile yet: private until it becomes an avatar or cover
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.length).toBe(r.data[i].size);
      // re-encoded: the padding in the original's comment segments is gone
      expect(res.rawPayload.length).toBeLessThan(original.length);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('decides by content: a JPEG with a .png name is accepted and stored as .jpg', async () => {
    const r = await upload([jpegPart(fakeJpeg(50), 'really-a-jpeg.png')]);
    expect(r.code).toBe(0);
    expect(r.data[0].url).toMatch(/\.jpg$/);
  });

  it('accepts exactly nine files', async () => {
    const r = await upload(Array.from({ length: 9 }, (_, i) => jpegPart(fakeJpeg(10, i + 1))));
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(9);
  });

  it('rejects a PNG and a text file named .jpg with 100415, storing nothing of the batch', async () => {
    const before = (await t.db.select().from(attachments)).length;
    const png = await upload([
      jpegPart(fakeJpeg(10)),
      { field: 'files', filename: 'x.png', contentType: 'image/png', data: PNG_BYTES },
    ]);
    expect(png.code).toBe(100415);
    expect(png.status).toBe(200);
    const text = await upload([jpegPart(Buffer.from('just some text, not an image'), 'fake.jpg')]);
    expect(text.code).toBe(100415);
    const empty = await upload([jpegPart(Buffer.alloc(0), 'empty.jpg')]);
    expect(empty.code).toBe(100415);
    expect((await t.db.select().from(attachments)).length).toBe(before);
  });

  it('rejects bytes that start like a JPEG but do not decode with 100415', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const r = await upload([jpegPart(broken, 'broken.jpg')]);
    expect(r.code).toBe(100415);
  });

  it('rejects a file over the size limit with 100413', async () => {
    const big = fakeJpeg(t.config.uploadMaxMb * 1024 * 1024 + 10);
    const r = await upload([jpegPart(big)]);
    expect(r.code).toBe(100413);
    expect(r.status).toBeLessThan(500);
  });

  it('rejects zero files, ten files, other field names and non-multipart bodies with 100400', async () => {
    expect((await upload([])).code).toBe(100400);
    expect((await upload(Array.from({ length: 10 }, () => jpegPart(fakeJpeg(10))))).code).toBe(100400);
    expect((await upload([{ field: 'file', filename: 'a.jpg', data: fakeJpeg(10) }])).code).toBe(100400);
    expect((await upload([jpegPart(fakeJpeg(10)), { field: 'note', data: 'hello' }])).code).toBe(100400);
    const json = await t.call('POST', '/mdr/api/v1/user/attachments', { token, body: { files: ['x'] } });
    expect(json.code).toBe(100400);
    const garbage = await t.call('POST', '/mdr/api/v1/user/attachments', {
      token,
      payload: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(garbage.code).toBe(100400);
    expect(garbage.status).toBeLessThan(500);
  });

  it('needs a logged-in user', async () => {
    expect((await upload([jpegPart(fakeJpeg(10))], await t.token())).code).toBe(110000);
    expect((await upload([jpegPart(fakeJpeg(10))], null)).code).toBe(100200);
  });
});

describe('GET /uploads/*', () => {
  it('answers 404 for unknown files and path tricks without touching other files', async () => {
    for (const url of [
      '/uploads/2020-01/doesnotexist123.jpg',
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(100404);
    }
  });
});
