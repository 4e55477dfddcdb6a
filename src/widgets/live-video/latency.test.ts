import { describe, expect, it } from 'vitest';
import {
  behindOwnEdge,
  clockOffset,
  lineEdge,
  liveLatency,
  nativePlayingDate,
  playlistEdge,
} from './latency';

// what ffmpeg's hls muxer writes with hls_flags=program_date_time (1 s segments)
const playlist = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:41
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-27T04:30:41.000+0000
index41.ts
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-27T04:30:42.000+0000
index42.ts
#EXTINF:0.933333,
index43.ts
`;
const t42 = Date.parse('2026-11-27T04:30:42.000Z');

const ranges = (end: number) => ({ length: 1, start: () => 0, end: () => end }) as unknown as TimeRanges;
function fakeVideo(v: { currentTime: number; buffered?: number; seekable?: number; start?: number }) {
  return {
    currentTime: v.currentTime,
    buffered: v.buffered === undefined ? ranges(0) : ranges(v.buffered),
    seekable: v.seekable === undefined ? ({ length: 0 } as TimeRanges) : ranges(v.seekable),
    ...(v.start === undefined ? {} : { getStartDate: () => new Date(v.start as number) }),
  } as unknown as HTMLVideoElement;
}

describe('live latency from program dates', () => {
  it('finds the live edge: the newest segment date plus its duration (dates carried on)', () => {
    // index43 has no date of its own: it follows index42 (42.000 + 1.0), and ends 0.933 s later
    expect(playlistEdge(playlist)?.edgeMs).toBe(t42 + 1000 + 933.333);
    expect(playlistEdge('#EXTM3U\n#EXTINF:1,\nindex1.ts\n')).toBeNull();
  });

  it("takes the server's edge (x-edge-at) over program dates that run ahead, and says by how much", () => {
    const dated = t42 + 1000 + 933.333;
    // ffmpeg started its clock 8 s late (input probing): its dates are 8 s ahead of the server's
    const edge = lineEdge(playlist, String(dated - 8000));
    expect(edge).toEqual({ edgeMs: dated - 8000, skewMs: 8000 });
    // a frame hls.js dates 42.5 s was made at 34.5 s by the server's clock: 6 s old at 40.5 s, not null
    expect(liveLatency({ nowMs: t42 - 1500, offsetMs: 0, playingDateMs: t42 + 500 - edge.skewMs })).toBe(6);
    expect(liveLatency({ nowMs: t42 - 1500, offsetMs: 0, playingDateMs: t42 + 500 })).toBeNull();
    // no header (an older server): the program dates, no skew
    expect(lineEdge(playlist, null)).toEqual({ edgeMs: dated, skewMs: 0 });
    expect(lineEdge('#EXTM3U\n', 'x')).toEqual({ edgeMs: null, skewMs: 0 });
  });

  it('measures against the server clock, not the local one', () => {
    // the phone's clock runs 3 s behind the server; the answer took 200 ms each way
    const offset = clockOffset(10_000, 10_400, 13_200);
    expect(offset).toBe(3000);
    // hls.js says the playing frame was captured at server time 100 000; local now 102 000 = server 105 000
    expect(liveLatency({ nowMs: 102_000, offsetMs: offset, playingDateMs: 100_000 })).toBe(5);
  });

  it('native HLS without a start date (Chromium): server now − edge + the distance behind the own edge', () => {
    const edge = playlistEdge(playlist)?.edgeMs as number;
    const video = fakeVideo({ currentTime: 40, buffered: 43.5 });
    expect(nativePlayingDate(video)).toBeNull();
    // the newest server segment ended 1.2 s ago; the player is 3.5 s behind its newest frame
    const l = liveLatency({
      nowMs: edge + 1200,
      offsetMs: 0,
      edgeMs: edge,
      behindSeconds: behindOwnEdge(video),
    });
    expect(l).toBe(4.7);
    // the old chip showed only the 3.5 s buffer: it under-reported by the server-side age of the edge
    expect(l).toBeGreaterThan(behindOwnEdge(video) as number);
  });

  it('native HLS with a start date (Safari): start date + currentTime is the playing frame', () => {
    const video = fakeVideo({ currentTime: 12.5, seekable: 14, start: t42 });
    expect(nativePlayingDate(video)).toBe(t42 + 12_500);
    expect(behindOwnEdge(video)).toBe(1.5);
    expect(liveLatency({ nowMs: t42 + 16_000, offsetMs: 0, playingDateMs: nativePlayingDate(video) })).toBe(
      3.5,
    );
  });

  it('says nothing rather than a wrong number', () => {
    expect(liveLatency({ nowMs: 1000, offsetMs: 0 })).toBeNull();
    expect(liveLatency({ nowMs: 1000, offsetMs: 0, playingDateMs: 5000 })).toBeNull(); // from the future
    expect(liveLatency({ nowMs: 1000, offsetMs: 0, playingDateMs: Number.NaN })).toBeNull();
  });
});
