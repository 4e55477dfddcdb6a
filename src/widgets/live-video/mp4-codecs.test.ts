import { describe, expect, it } from 'vitest';
import { mp4Type } from './mp4-codecs';

const box = (type: string, body: number[]) => {
  const size = 8 + body.length;
  return [
    size >>> 24,
    (size >>> 16) & 255,
    (size >>> 8) & 255,
    size & 255,
    ...Array.from(type, (c) => c.charCodeAt(0)),
    ...body,
  ];
};
const buf = (bytes: number[]) => new Uint8Array(bytes).buffer;

describe('mp4Type', () => {
  it('names H.264 from avcC (profile, compatibility, level) and AAC when there is an mp4a entry', () => {
    const init = [
      ...box('ftyp', [0, 0, 0, 0]),
      ...box('avcC', [1, 0x42, 0xc0, 0x1e, 0xff]),
      ...box('mp4a', [0, 0]),
    ];
    expect(mp4Type(buf(init))).toBe('video/mp4; codecs="avc1.42c01e,mp4a.40.2"');
    expect(mp4Type(buf([...box('avcC', [1, 0x64, 0x00, 0x1f, 0xff])]))).toBe(
      'video/mp4; codecs="avc1.64001f"',
    );
  });

  it('an empty avcC (encoder without global headers) or no H.264 at all is not playable here', () => {
    expect(
      mp4Type(
        buf([...box('ftyp', [0]), 0, 0, 0, 8, ...Array.from('avcC', (c) => c.charCodeAt(0)), 0, 0, 0, 16]),
      ),
    ).toBeNull();
    expect(mp4Type(buf(box('hvcC', [1, 1, 0x60, 0, 0])))).toBeNull();
  });
});
