/**
 * Attaches a line to the <video> with the player choose-player.ts picks: native HLS (no player JS), the
 * widget's MSE player (mse-player.ts, loaded after the room's first paint), or hls.js (its light build,
 * loaded only when neither plays the line: a native failure before the first frame, or a playlist the
 * MSE player hands over, e.g. MPEG-TS segments from an external origin). A line switch keeps the MSE
 * player and its MediaSource (the new line's init segment on the same SourceBuffer); with native HLS
 * or hls.js it swaps the source on the same element. A reconnect (nonce) starts the line over. The
 * <video> says which path plays in data-player.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { choosePlayer, forcedPlayer, mseAvailable } from './choose-player';
import { tryPlay } from './lines';
import type { MsePlayer } from './mse-player';

export interface HlsLike {
  playingDate?: Date | null;
  destroy(): void;
}

/** set when the browser's own HLS failed once: hls.js plays from then on (this page session) */
let nativeFailed = false;
/** set when the MSE player handed a playlist over: hls.js plays from then on (this page session) */
let mseHandedOver = false;

export function useHlsSource(opts: {
  videoRef: RefObject<HTMLVideoElement | null>;
  hlsRef: RefObject<HlsLike | null>;
  /** the playlist with the viewer token, or null (no line, or ended) */
  url: string | null;
  nonce: number;
  reconnect: () => void;
}): void {
  const { videoRef, hlsRef, url, nonce, reconnect } = opts;
  const mseRef = useRef<{ player: MsePlayer; nonce: number } | null>(null);
  useEffect(
    () => () => {
      mseRef.current?.player.destroy();
      mseRef.current = null;
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce re-attaches on purpose
  useEffect(() => {
    const video = videoRef.current;
    const kept = mseRef.current;
    if (kept && (!url || kept.nonce !== nonce)) {
      kept.player.destroy();
      mseRef.current = null;
      hlsRef.current = null;
    }
    if (!video || !url) return;
    // a line switch on the MSE path: the same MediaSource plays the new line
    if (mseRef.current) return mseRef.current.player.switchTo(url);
    let disposed = false;
    let hls: HlsLike | null = null;
    const play = () => tryPlay(video);
    const kind = choosePlayer({
      forced: forcedPlayer(location.href),
      native: !nativeFailed && video.canPlayType('application/vnd.apple.mpegurl') !== '',
      mse: !mseHandedOver && mseAvailable(),
    });
    video.dataset.player = kind;
    let frame = 0;
    const onNativeError = () => {
      if (disposed || video.readyState > 1) return;
      nativeFailed = true;
      reconnect();
    };
    if (kind === 'native') {
      video.addEventListener('error', onNativeError);
      video.src = url;
      play();
    } else {
      // after the room's first paint (chrome, chat and gifts never wait for the player's code)
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (disposed) return;
        if (kind === 'mse') void startMse(video, url);
        else void startHlsJs(video, url);
      });
    }
    async function startMse(el: HTMLVideoElement, src: string) {
      const { startMsePlayer } = await import('./mse-player');
      if (disposed) return;
      const player = startMsePlayer(el, src, {
        onUnsupported: () => {
          mseHandedOver = true;
          reconnect();
        },
        onFatal: () => setTimeout(reconnect, 500),
      });
      mseRef.current = { player, nonce };
      hlsRef.current = player;
    }
    async function startHlsJs(el: HTMLVideoElement, src: string) {
      // the light build (no alt-audio/subtitles/EME) has the full build's API and types
      const { default: Hls } = await import('hls.js/light');
      if (disposed) return;
      if (!Hls.isSupported()) {
        el.src = src;
        play();
        return;
      }
      const player = new Hls({
        lowLatencyMode: true,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 6,
        maxLiveSyncPlaybackRate: 1.15,
        backBufferLength: 8,
        manifestLoadingMaxRetry: 6,
        levelLoadingMaxRetry: 6,
      });
      let parsed = false;
      player.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        // no playlist yet (or any more): start over in a moment; a segment failure resumes loading
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !parsed)
          setTimeout(() => !disposed && reconnect(), 2000);
        else if (data.type === Hls.ErrorTypes.NETWORK_ERROR)
          setTimeout(() => !disposed && player.startLoad(), 1000);
        else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) player.recoverMediaError();
        else setTimeout(() => !disposed && reconnect(), 2000);
      });
      player.on(Hls.Events.MANIFEST_PARSED, () => {
        parsed = true;
        play();
      });
      player.loadSource(src);
      player.attachMedia(el);
      hls = player;
      hlsRef.current = player;
    }
    return () => {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      video.removeEventListener('error', onNativeError);
      // the MSE player outlives a line switch (the next run hands it the new line)
      if (hls) {
        hls.destroy();
        if (hlsRef.current === hls) hlsRef.current = null;
      }
      if (kind === 'native') video.removeAttribute('src');
    };
  }, [url, nonce]);
}
