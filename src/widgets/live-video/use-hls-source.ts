/**
 * Attaches a line to the <video>: native HLS first wherever the browser has it (Safari, recent
 * Chromium: no player JS at all); a native failure before the first frame falls back to hls.js (its
 * light build, loaded after the room's first paint) for the rest of the page session. A line switch or
 * a reconnect (nonce) swaps the source on the same element: no page reload.
 */
import { type RefObject, useEffect } from 'react';
import { tryPlay } from './lines';

export interface HlsLike {
  latency?: number;
  playingDate?: Date | null;
  destroy(): void;
  startLoad(): void;
  recoverMediaError(): void;
}

/** set when the browser's own HLS failed once: hls.js plays from then on (this page session) */
let nativeFailed = false;

export function useHlsSource(opts: {
  videoRef: RefObject<HTMLVideoElement | null>;
  hlsRef: RefObject<HlsLike | null>;
  /** the playlist with the viewer token, or null (no line, or ended) */
  url: string | null;
  nonce: number;
  reconnect: () => void;
}): void {
  const { videoRef, hlsRef, url, nonce, reconnect } = opts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce re-attaches on purpose
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    let disposed = false;
    const play = () => tryPlay(video);
    const nativeHls = !nativeFailed && video.canPlayType('application/vnd.apple.mpegurl') !== '';
    let frame = 0;
    const onNativeError = () => {
      if (disposed || video.readyState > 1) return;
      nativeFailed = true;
      reconnect();
    };
    if (nativeHls) {
      video.addEventListener('error', onNativeError);
      video.src = url;
      play();
    } else {
      // after the room's first paint (chrome, chat and gifts never wait for it); the light build (no
      // alt-audio/subtitles/EME) has the full build's API and types
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!disposed) void startHlsJs(video, url);
      });
    }
    async function startHlsJs(el: HTMLVideoElement, src: string) {
      const { default: Hls } = await import('hls.js/light');
      if (disposed) return;
      if (!Hls.isSupported()) {
        el.src = src;
        play();
        return;
      }
      const hls = new Hls({
        lowLatencyMode: true,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 6,
        maxLiveSyncPlaybackRate: 1.15,
        backBufferLength: 8,
        manifestLoadingMaxRetry: 6,
        levelLoadingMaxRetry: 6,
      });
      let parsed = false;
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        // no playlist yet (or any more): start over in a moment; a segment failure resumes loading
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !parsed)
          setTimeout(() => !disposed && reconnect(), 2000);
        else if (data.type === Hls.ErrorTypes.NETWORK_ERROR)
          setTimeout(() => !disposed && hls.startLoad(), 1000);
        else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else setTimeout(() => !disposed && reconnect(), 2000);
      });
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        parsed = true;
        play();
      });
      hls.loadSource(src);
      hls.attachMedia(el);
      hlsRef.current = hls;
    }
    return () => {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      video.removeEventListener('error', onNativeError);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      if (nativeHls) video.removeAttribute('src');
    };
  }, [url, nonce]);
}
