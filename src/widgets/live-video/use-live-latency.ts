/**
 * The latency chip's number (see latency.ts): every 2 s the line's playlist is read (a few hundred
 * bytes, without the viewer token so it does not count as a viewer) for the server clock (x-server-now)
 * and the live edge (x-edge-at, else the program dates); every second the playing frame's date is compared with the server's now.
 */
import { type RefObject, useEffect, useState } from 'react';
import { behindOwnEdge, clockOffset, lineEdge, liveLatency, nativePlayingDate } from './latency';

export interface HlsLatencySource {
  playingDate?: Date | null;
}

export function useLiveLatency(
  videoRef: RefObject<HTMLVideoElement | null>,
  hlsRef: RefObject<HlsLatencySource | null>,
  playlistUrl: string | null,
): number | null {
  const [latency, setLatency] = useState<number | null>(null);
  useEffect(() => {
    if (!playlistUrl) {
      setLatency(null);
      return;
    }
    let offset: { ms: number; rtt: number } | null = null;
    let edgeMs: number | null = null;
    let skewMs = 0;
    let stopped = false;
    const readPlaylist = async () => {
      const sent = Date.now();
      try {
        const res = await fetch(playlistUrl, { cache: 'no-store' });
        const text = await res.text();
        const received = Date.now();
        const stamp = Number(res.headers.get('x-server-now'));
        // the quickest answer gives the best offset (a slow one's midpoint is the least certain)
        if (Number.isFinite(stamp) && stamp > 0 && (!offset || received - sent <= offset.rtt))
          offset = { ms: clockOffset(sent, received, stamp), rtt: received - sent };
        ({ edgeMs, skewMs } = lineEdge(text, res.headers.get('x-edge-at')));
      } catch {
        // offline a moment: the next read
      }
    };
    void readPlaylist();
    const reader = setInterval(() => void readPlaylist(), 2000);
    const tick = setInterval(() => {
      if (stopped) return;
      const video = videoRef.current;
      if (!video || !offset || video.readyState < 2) {
        setLatency(null);
        return;
      }
      const dated = hlsRef.current?.playingDate?.getTime?.() ?? nativePlayingDate(video);
      setLatency(
        liveLatency({
          nowMs: Date.now(),
          offsetMs: offset.ms,
          playingDateMs: dated === null ? null : dated - skewMs,
          edgeMs,
          behindSeconds: behindOwnEdge(video),
        }),
      );
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(reader);
      clearInterval(tick);
    };
  }, [playlistUrl, videoRef, hlsRef]);
  return latency;
}
