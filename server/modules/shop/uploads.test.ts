/**
 * The shop's uploads (console product images, review images, after-sales evidence) take jpg, png and webp,
 * decided by the bytes (not the name), each stored re-encoded as a JPEG without metadata; anything else is
 * 100415, a file over the size limit 100413, and the plain attachment route stays JPEG only.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let op: string;
const SHOP_UPLOAD = '/mdr/api/v1/user/attachments?types=jpg,png,webp';

beforeAll(async () => {
  t = await createTestApp();
  ({ token: op } = await t.loginByPhone('90000000'));
});
afterAll(async () => t?.close());

/** one file part in a multipart body (field `files`) */
function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = `----shop5${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (url: string, filename: string, type: string, data: Buffer) =>
  t.call('POST', url, { token: op, ...multipart(filename, type, data) });

/** a 64x48 picture in a club red with a transparent 16x16 corner (png/webp keep the alpha) */
async function picture() {
  const raw = Buffer.alloc(64 * 48 * 4);
  for (let y = 0; y < 48; y++)
    for (let x = 0; x < 64; x++) raw.set([200, 16, 46, x < 16 && y < 16 ? 0 : 255], (y * 64 + x) * 4);
  return sharp(raw, { raw: { width: 64, height: 48, channels: 4 } });
}

describe('shop image uploads (?types=jpg,png,webp)', () => {
  it('takes a jpg, a png and a webp, whatever their names say, and stores each as a JPEG', async () => {
    const files: [string, string, Buffer][] = [
      ['kit.jpg', 'image/jpeg', await (await picture()).jpeg().toBuffer()],
      ['kit.png', 'image/png', await (await picture()).png().toBuffer()],
      ['kit.webp', 'image/webp', await (await picture()).webp().toBuffer()],
      // a PNG named .jpg and a WebP with no extension and a generic type: the bytes decide
      ['screenshot.jpg', 'image/jpeg', await (await picture()).png().toBuffer()],
      ['photo', 'application/octet-stream', await (await picture()).webp().toBuffer()],
    ];
    const urls: string[] = [];
    for (const [name, type, data] of files) {
      const r = await upload(SHOP_UPLOAD, name, type, data);
      expect(r.code, `${name}: ${JSON.stringify(r)}`).toBe(0);
      expect(r.data[0].url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[\w-]+\.jpg$/);
      const stored = await t.app.inject({ method: 'GET', url: r.data[0].url });
      expect(stored.statusCode).toBe(200);
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([64, 48]);
      // a PNG's or WebP's transparent corner is laid on white, not black
      const corner = await sharp(stored.rawPayload)
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .raw()
        .toBuffer();
      if (!name.startsWith('kit.jpg')) expect(Math.min(...corner), name).toBeGreaterThan(230);
      urls.push(r.data[0].url);
    }
    // they are the operator's own uploads: a product takes them as its images
    const list = await t.call('GET', '/mdr/api/v1/ops/shop/products?size=1&status=1', { token: op });
    const id = list.data.list[0].id as number;
    const put = await t.call('PUT', `/mdr/api/v1/ops/shop/products/${id}`, {
      token: op,
      body: { images: urls.slice(0, 3) },
    });
    expect(put.code, JSON.stringify(put)).toBe(0);
    const pub = await t.call('GET', `/mdr/api/v1/shop/products/${id}`);
    expect(pub.data.images).toEqual(urls.slice(0, 3).map((image) => ({ image })));
  });

  it('refuses a renamed non-image, a GIF and a truncated PNG with 100415, and stores nothing', async () => {
    const before = await t.call('GET', '/mdr/api/v1/ops/shop/products?size=1', { token: op });
    expect(before.code).toBe(0);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c8102e' } })
      .gif()
      .toBuffer();
    const png = await (await picture()).png().toBuffer();
    for (const [name, type, data] of [
      ['jersey.png', 'image/png', Buffer.from('這不是圖片，只是改了名的文字檔。\n'.repeat(20))],
      ['jersey.webp', 'image/webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ', 'latin1')],
      ['jersey.jpg', 'image/jpeg', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'latin1')],
      ['anim.webp', 'image/webp', gif],
      ['cut.png', 'image/png', png.subarray(0, 40)],
    ] as [string, string, Buffer][]) {
      const r = await upload(SHOP_UPLOAD, name, type, data);
      expect(r.code, name).toBe(E.UNSUPPORTED_MEDIA);
      expect(r.status, name).toBe(200);
    }
  });

  it('says in each script which formats the refused upload could have been (not "jpg only" on a shop form)', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00843d' } })
      .gif()
      .toBuffer();
    const png = await (await picture()).png().toBuffer();
    for (const lang of ['zh-HK', 'zh-CN', 'zh-TW']) {
      const gifBody = multipart('scarf.gif', 'image/gif', gif);
      const shop = await t.call('POST', SHOP_UPLOAD, {
        token: op,
        payload: gifBody.payload,
        headers: { ...gifBody.headers, 'accept-language': lang },
      });
      expect(shop.code, lang).toBe(E.UNSUPPORTED_MEDIA);
      expect(shop.msg, lang).toContain('jpg/jpeg/png/webp');
      expect(shop.msg, lang).not.toContain('{{');
      // the plain route (profile, reports: spec §5) still says what it takes, and only that
      const body = multipart('kit.png', 'image/png', png);
      const plain = await t.call('POST', '/mdr/api/v1/user/attachments', {
        token: op,
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': lang },
      });
      expect(plain.code, lang).toBe(E.UNSUPPORTED_MEDIA);
      expect(plain.msg, lang).toContain('jpg/jpeg');
      expect(plain.msg, lang).not.toMatch(/png|webp/);
    }
  });

  it('keeps the size limit (100413) and the plain route JPEG only; unknown types are bad input', async () => {
    const big = Buffer.concat([
      await (await picture()).png().toBuffer(),
      Buffer.alloc(t.config.uploadMaxMb * 1024 * 1024 + 1),
    ]);
    expect((await upload(SHOP_UPLOAD, 'huge.png', 'image/png', big)).code).toBe(E.TOO_LARGE);
    const png = await (await picture()).png().toBuffer();
    expect((await upload('/mdr/api/v1/user/attachments', 'kit.png', 'image/png', png)).code).toBe(
      E.UNSUPPORTED_MEDIA,
    );
    for (const q of ['gif', 'jpg,svg', 'png;rm', ''])
      expect(
        (await upload(`/mdr/api/v1/user/attachments?types=${q}`, 'kit.png', 'image/png', png)).code,
        q,
      ).toBe(E.BAD_REQUEST);
  });
});
