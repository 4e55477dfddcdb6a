/**
 * What an upload stores (item 7 of the security issue): re-encoded JPEGs without EXIF (no GPS position),
 * bounded to 2048 px, turned upright.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipartPayload } from './test-multipart';
import { MAX_IMAGE_SIDE } from './uploads';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.loginByPhone('61230101')).token;
});
afterAll(async () => {
  await t?.close();
});

const GPS_EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'GPS-1', Software: 'camera 1.0' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '22/1 16/1 5/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '114/1 10/1 0/1',
  },
};

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } }).jpeg();
}

/** uploads one file and fetches what was stored (a fresh upload is shown to its uploader) */
async function uploadAndFetch(data: Buffer): Promise<Buffer> {
  const { payload, headers } = multipartPayload([{ field: 'files', filename: 'p.jpg', data }]);
  const r = await t.call('POST', '/mdr/api/v1/user/attachments', { token, payload, headers });
  expect(r.code).toBe(0);
  const res = await t.app.inject({ method: 'GET', url: r.data[0].url });
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.length).toBe(r.data[0].size);
  return res.rawPayload;
}

describe('uploaded JPEGs are re-encoded', () => {
  it('drops EXIF, GPS position included', async () => {
    const original = await photo(640, 480).withExif(GPS_EXIF).toBuffer();
    // the test file really carries the block
    expect(original.includes('Exif')).toBe(true);
    expect((await sharp(original).metadata()).exif?.includes('GPS-1')).toBe(true);

    const stored = await uploadAndFetch(original);
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes('PhoneMaker')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([640, 480]);
  });

  it('bounds the longest side to 2048 px, keeping the aspect ratio', async () => {
    const wide = await uploadAndFetch(await photo(4000, 1000).toBuffer());
    expect(await sharp(wide).metadata()).toMatchObject({ width: MAX_IMAGE_SIDE, height: 512 });
    const tall = await uploadAndFetch(await photo(900, 3600).toBuffer());
    expect(await sharp(tall).metadata()).toMatchObject({ width: 512, height: MAX_IMAGE_SIDE });
  });

  it('turns a photo upright from its EXIF orientation before dropping it', async () => {
    // orientation 6: stored 300x200, shown rotated 90° (200x300)
    const original = await photo(300, 200).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const meta = await sharp(await uploadAndFetch(original)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
  });
});
