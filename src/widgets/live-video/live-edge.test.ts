import { describe, expect, it } from 'vitest';
import {
  alignSequence,
  grownRange,
  MAX_BEHIND,
  nextSequence,
  seekTarget,
  startSequence,
  trimEnd,
} from './live-edge';
import type { MediaPlaylist } from './playlist';

/** a live playlist of `n` 1 s segments from `first`, dated one second apart from `t0` */
function live(first: number, n: number, t0 = 1_000_000): MediaPlaylist {
  return {
    targetDuration: 1,
    mediaSequence: first,
    init: 'init.mp4',
    ended: false,
    fmp4: true,
    segments: Array.from({ length: n }, (_, i) => ({
      seq: first + i,
      uri: `index${first + i}.m4s`,
      duration: 1,
      dateMs: t0 + (first + i) * 1000,
    })),
  };
}

describe('where the player starts and what it fetches next', () => {
  it('starts two segments behind the newest (about 2 s of buffer at the edge)', () => {
    expect(startSequence(live(100, 6))).toBe(104);
    expect(startSequence(live(0, 1))).toBe(0);
  });

  it('fetches on in order while the playlist has the segment, or is about to', () => {
    const pl = live(100, 6);
    expect(nextSequence(pl, 103)).toBe(103);
    expect(nextSequence(pl, 106)).toBe(106); // the next one, not written yet: wait for it
  });

  it('jumps to the edge when the playlist moved past it (fell behind, or a long stall)', () => {
    expect(nextSequence(live(120, 6), 103)).toBe(124);
  });

  it('jumps to the edge when the numbers went back (the stream started over)', () => {
    expect(nextSequence(live(0, 6), 500)).toBe(4);
  });

  it('after a line switch: the new line from the newest buffered date on', () => {
    const other = live(200, 6); // other numbering, same clock
    expect(alignSequence(other, 1_000_000 + 202 * 1000)).toBe(203);
    // no dates to go by, or all older: the fresh-start segment
    expect(alignSequence(other, null)).toBe(204);
    expect(alignSequence(other, 1_000_000 + 999 * 1000)).toBe(204);
  });
});

describe('following the live edge in the buffer', () => {
  it('seeks into the first appended media (the playhead starts at 0)', () => {
    expect(seekTarget({ start: 154, end: 155 }, 0, 1)).toBe(154);
  });

  it('leaves a playhead that keeps up alone', () => {
    expect(seekTarget({ start: 154, end: 158 }, 156.2, 1)).toBeNull();
  });

  it(`jumps forward when playback lags the newest frame by more than ${MAX_BEHIND} target durations`, () => {
    expect(seekTarget({ start: 154, end: 164 }, 158, 1)).toBe(162.5);
    expect(seekTarget({ start: 154, end: 164 }, 160.5, 1)).toBeNull();
  });

  it('moves to the newest media when the playhead is outside it (a gap, another timeline)', () => {
    expect(seekTarget({ start: 40, end: 43 }, 900, 1)).toBe(41.5);
    expect(seekTarget({ start: 300, end: 303 }, 296, 1)).toBe(301.5);
    expect(seekTarget(null, 5, 1)).toBeNull();
  });

  it('trims what was played more than 10 s ago, not less', () => {
    expect(trimEnd(100, 130)).toBe(120);
    expect(trimEnd(100, 111)).toBeNull();
  });

  it('finds the range the last append grew (the head)', () => {
    expect(grownRange([{ start: 0, end: 5 }], [{ start: 0, end: 6 }])).toEqual({ start: 0, end: 6 });
    expect(
      grownRange(
        [{ start: 500, end: 505 }],
        [
          { start: 3, end: 4 },
          { start: 500, end: 505 },
        ],
      ),
    ).toEqual({ start: 3, end: 4 });
    expect(grownRange([{ start: 0, end: 5 }], [{ start: 0, end: 5 }])).toBeNull();
  });
});
