/**
 * The live latency the chip shows: how old the frame on screen is, by the server's clock. Every
 * segment carries its wall-clock time (EXT-X-PROGRAM-DATE-TIME, written by the packager when it
 * received the frames), so: latency = server now − the playing frame's date. The playing date comes
 * from hls.js (`playingDate`), from the browser's native HLS (`getStartDate()` + currentTime, Safari),
 * or — Chromium's native HLS has neither — from the playlist: the newest segment's end date is the
 * live edge, and the player is (buffered end − currentTime) behind its own newest frame. The server's
 * clock comes from the playlist answer's x-server-now header (offset = server − the local midpoint).
 * ffmpeg's program dates are its start time plus the media played since, and it starts its clock only
 * after probing the input: they run seconds AHEAD of the wall clock (8 s was seen under load, and the
 * chip then showed nothing). So the server also says when it finished the newest segment (x-edge-at,
 * the playlist file's time): that is the edge, and the program dates are moved back by their skew.
 */

export interface PlaylistEdge {
  /** wall-clock ms (server clock) at the end of the newest segment */
  edgeMs: number;
}

const isoFix = (s: string) => s.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2');

/** The live edge of a media playlist with program dates, or null when it has none. */
export function playlistEdge(text: string): PlaylistEdge | null {
  let date: number | null = null;
  let edge: number | null = null;
  let duration = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const d = Date.parse(isoFix(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length)));
      date = Number.isFinite(d) ? d : null;
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    } else if (line && !line.startsWith('#')) {
      // a segment URI: it ends at its date + its duration; the next one follows on
      if (date !== null) {
        edge = date + duration * 1000;
        date = edge;
      }
      duration = 0;
    }
  }
  return edge === null ? null : { edgeMs: edge };
}

export interface LineEdge {
  /** the live edge by the server's clock (x-edge-at; else the program dates' edge), or null */
  edgeMs: number | null;
  /** how far the program dates run ahead of the server's clock (subtract from a program date) */
  skewMs: number;
}

/** The edge and the program dates' skew from a media playlist and its x-edge-at header. */
export function lineEdge(text: string, edgeAtHeader: string | null): LineEdge {
  const dated = playlistEdge(text)?.edgeMs ?? null;
  const edgeAt = Number(edgeAtHeader);
  if (!edgeAtHeader || !Number.isFinite(edgeAt) || edgeAt <= 0) return { edgeMs: dated, skewMs: 0 };
  return { edgeMs: edgeAt, skewMs: dated === null ? 0 : dated - edgeAt };
}

/** server − local clock, from one request's send/receive times and the server's stamp */
export function clockOffset(sentMs: number, receivedMs: number, serverNowMs: number): number {
  return serverNowMs - (sentMs + receivedMs) / 2;
}

export interface LatencyInputs {
  /** local Date.now() */
  nowMs: number;
  /** server − local clock */
  offsetMs: number;
  /** the playing frame's wall-clock date (hls.js playingDate, or native getStartDate + currentTime) */
  playingDateMs?: number | null;
  /** else: the playlist's live edge and how far the player is behind its own newest frame */
  edgeMs?: number | null;
  behindSeconds?: number | null;
}

/** Seconds of latency (one decimal), or null when nothing says. */
export function liveLatency(i: LatencyInputs): number | null {
  const serverNow = i.nowMs + i.offsetMs;
  let ms: number | null = null;
  if (typeof i.playingDateMs === 'number' && Number.isFinite(i.playingDateMs) && i.playingDateMs > 0)
    ms = serverNow - i.playingDateMs;
  else if (typeof i.edgeMs === 'number' && Number.isFinite(i.edgeMs))
    ms = serverNow - i.edgeMs + Math.max(0, i.behindSeconds ?? 0) * 1000;
  if (ms === null || ms < 0 || ms > 600_000) return null;
  return Math.round(ms / 100) / 10;
}

/** Native HLS with a program date (Safari): the playing frame's date, else null. */
export function nativePlayingDate(video: HTMLVideoElement): number | null {
  const get = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate;
  if (typeof get !== 'function') return null;
  const start = get.call(video)?.getTime?.();
  return typeof start === 'number' && Number.isFinite(start) && start > 0
    ? start + video.currentTime * 1000
    : null;
}

/** How far the player is behind the newest frame it has (seekable end where given, else buffered end). */
export function behindOwnEdge(video: HTMLVideoElement): number | null {
  const seek = video.seekable;
  const ranges = seek.length && seek.end(seek.length - 1) > 0 ? seek : video.buffered;
  if (!ranges.length) return null;
  return Math.max(0, ranges.end(ranges.length - 1) - video.currentTime);
}
