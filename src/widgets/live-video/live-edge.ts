/**
 * Where the MSE player stands against the live edge (pure: tested in live-edge.test.ts). It starts
 * START_FROM_END segments behind the newest one, fetches on in order, jumps to the edge when the
 * playlist has moved past it (fell behind, or a stall outlasted the playlist window) or when the stream
 * started again (sequence numbers went back), seeks forward when playback lags the newest buffered
 * frame by more than MAX_BEHIND target durations, and keeps KEEP_BEHIND seconds behind the playhead.
 */
import type { MediaPlaylist } from './playlist';

/** segments behind the newest one where playback starts (1 s segments: ~2 s of buffer) */
export const START_FROM_END = 2;
/** target durations playback may lag the newest buffered frame before it jumps forward */
export const MAX_BEHIND = 4;
/** where a jump lands: this many target durations before the newest buffered frame */
export const SYNC_BEHIND = 1.5;
/** seconds of played media kept in the buffer (a little rewind, no more) */
export const KEEP_BEHIND = 10;

export interface Range {
  start: number;
  end: number;
}

/** the first segment to fetch on a fresh start */
export function startSequence(pl: MediaPlaylist): number {
  const last = pl.mediaSequence + pl.segments.length - 1;
  return Math.max(pl.mediaSequence, last - START_FROM_END + 1);
}

/**
 * The segment to fetch next, given the one wanted: the same while the playlist still has it or will
 * soon, else the live edge (the playlist moved past it, or a restarted stream numbers from 0 again).
 */
export function nextSequence(pl: MediaPlaylist, wanted: number | null): number {
  if (wanted === null || !pl.segments.length) return wanted ?? startSequence(pl);
  const first = pl.mediaSequence;
  const last = first + pl.segments.length - 1;
  if (wanted < first || wanted > last + 3) return startSequence(pl);
  return wanted;
}

/**
 * After a line switch, the new line's segment that follows what is already buffered: the first one
 * dated after the newest appended date, else the fresh-start segment.
 */
export function alignSequence(pl: MediaPlaylist, lastDateMs: number | null): number {
  if (lastDateMs !== null) {
    const next = pl.segments.find((s) => s.dateMs !== null && s.dateMs > lastDateMs + 100);
    if (next) return next.seq;
  }
  return startSequence(pl);
}

/**
 * Where to seek, or null: into the head range (the newest appended media) when the playhead is outside
 * it (first segment, a gap, another line's timeline), forward when it lags by more than MAX_BEHIND.
 */
export function seekTarget(head: Range | null, current: number, targetDuration: number): number | null {
  if (!head || head.end <= head.start) return null;
  const sync = Math.max(head.start, head.end - SYNC_BEHIND * targetDuration);
  if (current < head.start - 0.05 || current > head.end + 0.5) return sync;
  if (head.end - current > MAX_BEHIND * targetDuration) return sync;
  return null;
}

/** the end of the played media to remove from the buffer, or null when there is little to drop */
export function trimEnd(bufferedStart: number, current: number): number | null {
  const end = current - KEEP_BEHIND;
  return end - bufferedStart > 2 ? end : null;
}

/** The range that grew or appeared between two snapshots of `buffered` (the newest appended media). */
export function grownRange(before: Range[], after: Range[]): Range | null {
  let best: Range | null = null;
  for (const r of after) {
    const same = before.some((b) => Math.abs(b.start - r.start) < 1e-3 && Math.abs(b.end - r.end) < 1e-3);
    if (!same && (!best || r.end > best.end)) best = r;
  }
  return best;
}
