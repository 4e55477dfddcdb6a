/**
 * What keeps playback honest around the <video>: the stall watchdog (a wait longer than STALL_MS
 * reconnects), reconnect when the network comes back, pause while the page is hidden (kept alive in
 * the background), and fullscreen hiding the footer (footer-visibility event, spec §2) until exit.
 */
import { type RefObject, useEffect } from 'react';
import { tryPlay } from './lines';

/** a stall longer than this reconnects the line */
const STALL_MS = 6000;

export function usePlaybackGuards(
  videoRef: RefObject<HTMLVideoElement | null>,
  reconnect: () => void,
  onPlaying: () => void,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let stall: ReturnType<typeof setTimeout> | null = null;
    const clear = () => {
      if (stall) clearTimeout(stall);
      stall = null;
    };
    const onWaiting = () => {
      clear();
      stall = setTimeout(reconnect, STALL_MS);
    };
    const playing = () => {
      clear();
      onPlaying();
    };
    const onOnline = () => reconnect();
    const onVisibility = () => {
      if (document.hidden) video.pause();
      else tryPlay(video);
    };
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('stalled', onWaiting);
    video.addEventListener('playing', playing);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clear();
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('stalled', onWaiting);
      video.removeEventListener('playing', playing);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [videoRef, reconnect, onPlaying]);
}

/** Fullscreen of the box hides the app's footer; leaving it shows the footer again. */
export function useFullscreenFooter(boxRef: RefObject<HTMLElement | null>): () => void {
  useEffect(() => {
    const onChange = () => {
      const mine = !!document.fullscreenElement && document.fullscreenElement === boxRef.current;
      window.dispatchEvent(new CustomEvent('footer-visibility', { detail: { visible: !mine } }));
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [boxRef]);
  return () => {
    const box = boxRef.current;
    if (!box) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void box.requestFullscreen?.().catch(() => {});
  };
}
