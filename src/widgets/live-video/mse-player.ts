/**
 * The widget's own small live player for browsers without native HLS (Chrome on Android and desktop,
 * Firefox), for fMP4 HLS lines like the packager's: it loads the media playlist, appends the init
 * segment and then the segments in order to one SourceBuffer, follows the live edge (playlist polled
 * every target duration, start near the edge, jump forward when behind: live-edge.ts), keeps the
 * buffer trimmed, switches lines on the same <video> (the new line's init segment, then its segments
 * from the buffered date on), and recovers from a stalled fetch (each fetch has a deadline: retried
 * once, then skipped). A playlist it does not play (MPEG-TS segments, a master playlist, a codec the
 * browser lacks) calls onUnsupported: the widget loads hls.js then, and only then. The latency chip
 * measures it as it does native HLS in Chromium: the line's edge time against how far the playhead is
 * behind the newest buffered frame (dating frames by program dates read 2.5 s low in the bench).
 */
import { tryPlay } from './lines';
import { alignSequence, grownRange, nextSequence, type Range, seekTarget, trimEnd } from './live-edge';
import { mp4Type } from './mp4-codecs';
import { type MediaPlaylist, parsePlaylist, resolveUri } from './playlist';
import { type BufferOps, bufferOps } from './source-buffer';

export interface MsePlayer {
  /** play another line on the same <video> (no new MediaSource) */
  switchTo(url: string): void;
  destroy(): void;
}

export interface MseCallbacks {
  /** not a playlist this player plays: hand over to hls.js */
  onUnsupported(): void;
  /** the media element failed, or the stream started over: the widget reconnects */
  onFatal(): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((ok) => {
    const timer = setTimeout(ok, Math.max(0, ms));
    signal.addEventListener('abort', () => ok(clearTimeout(timer)), { once: true });
  });

/** a fetch that gives up after `ms` (a stalled request must not stall the player) or when `signal` aborts */
async function fetchWithin(url: string, ms: number, signal: AbortSignal, text: true): Promise<string>;
async function fetchWithin(url: string, ms: number, signal: AbortSignal, text: false): Promise<ArrayBuffer>;
async function fetchWithin(url: string, ms: number, signal: AbortSignal, text: boolean) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  const stop = () => ctl.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const res = await fetch(url, { signal: ctl.signal, cache: text ? 'no-store' : 'default' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return text ? await res.text() : await res.arrayBuffer();
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

export function startMsePlayer(video: HTMLVideoElement, firstUrl: string, cb: MseCallbacks): MsePlayer {
  const ms = new MediaSource();
  const objectUrl = URL.createObjectURL(ms);
  video.src = objectUrl;
  let url = firstUrl;
  let stopped = false;
  let gen = 0;
  let lineCtl = new AbortController();
  let pl: MediaPlaylist | null = null;
  let loadedAt = 0;
  let unchanged = false;
  let needInit = true;
  let align = false;
  let type: string | null = null;
  let sb: SourceBuffer | null = null;
  let ops: BufferOps | null = null;
  let next: number | null = null;
  let lastDate: number | null = null;
  let head: Range | null = null;
  let failures = 0;
  let trimming = false;
  let started = false;
  const td = () => pl?.targetDuration || 1;
  const deadline = () => Math.max(2000, td() * 2500);
  // both hand the <video> back to the widget: this player does nothing more
  const fail = () => {
    if (stopped) return;
    stopped = true;
    cb.onFatal();
  };
  const handOver = () => {
    if (stopped) return;
    stopped = true;
    cb.onUnsupported();
  };

  function keepUp() {
    if (!ops || stopped) return;
    const target = seekTarget(head, video.currentTime, td());
    if (target !== null) video.currentTime = target;
    const ranges = ops.ranges();
    const end = ranges.length ? trimEnd(ranges[0].start, video.currentTime) : null;
    if (end !== null && !trimming) {
      trimming = true;
      void ops
        .remove(0, end)
        .catch(() => {})
        .finally(() => {
          trimming = false;
        });
    }
  }

  async function step(signal: AbortSignal, stale: () => boolean) {
    // the playlist: first, and whenever the wanted segment is not in it yet (every target duration,
    // half of one after a reload that brought nothing new)
    if (!pl?.segments.some((s) => s.seq === next)) {
      if (pl) await sleep(loadedAt + td() * (unchanged ? 500 : 1000) - Date.now(), signal);
      if (stale()) return;
      const fresh = parsePlaylist(await fetchWithin(url, deadline(), signal, true));
      if (stale()) return;
      if (!fresh.fmp4) return handOver();
      const edge = (p: MediaPlaylist) => p.mediaSequence + p.segments.length;
      unchanged = !!pl && edge(fresh) === edge(pl);
      pl = fresh;
      loadedAt = Date.now();
      const last = edge(pl) - 1;
      if (!align && next !== null && next > last + 3) return fail(); // the stream started over
      next = align ? alignSequence(pl, lastDate) : nextSequence(pl, next);
      align = false;
      if (!pl.segments.some((s) => s.seq === next)) return;
    }
    const line = pl;
    if (needInit && line.init) {
      const init = await fetchWithin(resolveUri(line.init, url), deadline(), signal, false);
      if (stale()) return;
      const t = mp4Type(init);
      if (!t || !MediaSource.isTypeSupported(t)) return handOver();
      if (!sb) {
        ms.duration = Number.POSITIVE_INFINITY;
        sb = ms.addSourceBuffer(t);
        ops = bufferOps(sb);
      } else if (t !== type) sb.changeType?.(t);
      type = t;
      await ops?.append(init);
      if (stale()) return;
      needInit = false;
    }
    const seg = line.segments.find((s) => s.seq === next);
    if (!seg || !ops) return;
    const data = await fetchWithin(resolveUri(seg.uri, url), deadline(), signal, false);
    if (stale()) return;
    const before = ops.ranges();
    await ops.append(data);
    head = grownRange(before, ops.ranges()) ?? head;
    lastDate = seg.dateMs ?? lastDate;
    next = seg.seq + 1;
    failures = 0;
    keepUp();
    if (!started) {
      started = true;
      tryPlay(video);
    }
  }

  async function loop() {
    await new Promise<void>((ok) => ms.addEventListener('sourceopen', () => ok(), { once: true }));
    while (!stopped) {
      const mine = gen;
      const signal = lineCtl.signal;
      const stale = () => stopped || mine !== gen;
      try {
        await step(signal, stale);
      } catch (err) {
        if (stale()) continue;
        if ((err as Error)?.name === 'QuotaExceededError') {
          keepUp();
          await sleep(500, signal);
          continue;
        }
        // a stalled or failed fetch: retry it once, then go on with the next segment; a player that
        // gets nothing for a long while starts over
        failures++;
        if (failures % 2 === 0 && next !== null) next++;
        if (failures >= 8) return fail();
        if (failures % 2 === 0) pl = null;
        await sleep(200 * failures, signal);
      }
    }
  }

  const timer = setInterval(keepUp, 500);
  const onError = () => fail();
  video.addEventListener('error', onError);
  void loop();

  return {
    switchTo(nextUrl) {
      if (nextUrl === url) return;
      url = nextUrl;
      gen++;
      lineCtl.abort();
      lineCtl = new AbortController();
      pl = null;
      needInit = true;
      align = true;
      failures = 0;
    },
    destroy() {
      stopped = true;
      gen++;
      lineCtl.abort();
      clearInterval(timer);
      video.removeEventListener('error', onError);
      URL.revokeObjectURL(objectUrl);
      video.removeAttribute('src');
      video.load();
    },
  };
}
