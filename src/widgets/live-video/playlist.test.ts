import { describe, expect, it } from 'vitest';
import { parsePlaylist, resolveUri } from './playlist';

// what the packager's ffmpeg writes (EXTINF before the program date, as this ffmpeg orders them)
const PACKAGED = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:154
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-12-06T07:20:39.000+0000
index154.m4s
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-12-06T07:20:40.000+0000
index155.m4s
#EXTINF:0.933333,
index156.m4s
`;

describe('parsePlaylist', () => {
  it('reads the packager playlist: init segment, numbered segments, durations and dates', () => {
    const pl = parsePlaylist(PACKAGED);
    expect(pl).toMatchObject({
      targetDuration: 1,
      mediaSequence: 154,
      init: 'init.mp4',
      ended: false,
      fmp4: true,
    });
    expect(pl.segments.map((s) => [s.seq, s.uri, s.duration])).toEqual([
      [154, 'index154.m4s', 1],
      [155, 'index155.m4s', 1],
      [156, 'index156.m4s', 0.933333],
    ]);
    expect(pl.segments[0].dateMs).toBe(Date.parse('2026-12-06T07:20:39.000Z'));
    // a segment without its own date follows the previous one
    expect(pl.segments[2].dateMs).toBe(Date.parse('2026-12-06T07:20:41.000Z'));
  });

  it('takes CRLF line ends and a date before EXTINF', () => {
    const pl = parsePlaylist(
      '#EXTM3U\r\n#EXT-X-TARGETDURATION:2\r\n#EXT-X-MAP:URI="a/init.mp4",BYTERANGE="720@0"\r\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\r\n#EXTINF:2,\r\nseg1.m4s\r\n#EXT-X-ENDLIST\r\n',
    );
    expect(pl).toMatchObject({
      targetDuration: 2,
      mediaSequence: 0,
      init: 'a/init.mp4',
      ended: true,
      fmp4: true,
    });
    expect(pl.segments[0]).toEqual({
      seq: 0,
      uri: 'seg1.m4s',
      duration: 2,
      dateMs: Date.parse('2026-01-01T00:00:00Z'),
    });
  });

  it('is not ours: MPEG-TS segments (no EXT-X-MAP), a master playlist, an empty one', () => {
    expect(parsePlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nindex3.ts\n').fmp4).toBe(false);
    expect(
      parsePlaylist(
        '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nlow/index.m3u8\n',
      ).fmp4,
    ).toBe(false);
    expect(parsePlaylist('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n').fmp4).toBe(false);
    expect(parsePlaylist('<html>not found</html>').fmp4).toBe(false);
  });

  it('a target duration missing is the longest segment rounded up', () => {
    expect(
      parsePlaylist('#EXTM3U\n#EXT-X-MAP:URI="i.mp4"\n#EXTINF:1.4,\na.m4s\n#EXTINF:2.2,\nb.m4s\n')
        .targetDuration,
    ).toBe(3);
  });
});

describe('resolveUri', () => {
  it('resolves segments next to the playlist and drops its query (the viewer token)', () => {
    expect(resolveUri('index7.m4s', 'http://h.test/live-hls/2/1/index.m3u8?v=abc')).toBe(
      'http://h.test/live-hls/2/1/index7.m4s',
    );
    expect(resolveUri('init.mp4', '/live-hls/2/3/index.m3u8?v=abc')).toBe(
      `${location.origin}/live-hls/2/3/init.mp4`,
    );
    expect(resolveUri('https://cdn.test/x/init.mp4', '/live-hls/2/3/index.m3u8')).toBe(
      'https://cdn.test/x/init.mp4',
    );
  });
});
