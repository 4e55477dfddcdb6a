/**
 * The live video player (hand-written). HLS natively where the browser has it, else through hls.js (its
 * light build, loaded only here, after the room's first paint); starts muted with the muted notice hidden 2 s after playback
 * starts (spec §4), tap to unmute; a line switcher that swaps the source on the same <video> (no page
 * reload); reconnects when playback stalls or the network comes back; shows the live latency;
 * fullscreen hides the footer (footer-visibility event, spec §2) and restores it on exit; pauses while
 * the page is hidden. With `room`, pushes on live:<room> keep the viewer count and status current.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLiveEvent, liveTopic } from '../../../contracts/live';
import type { WidgetProps } from '../../engine/contract';
import { useEngineServices } from '../../engine/services';
import { asNumber, asText } from '../shared/css';
import './live-video.css';

/** the live-gifts widget, loaded with the player (one chunk for the live room) */
export { default as LiveGifts } from '../live-gifts';

export interface LiveVideoProps {
  lines?: unknown;
  room?: unknown;
  viewers?: unknown;
  poster?: unknown;
  offlineText?: unknown;
}

interface Line {
  id: string;
  url: string;
}

/** the notice shows for this long after playback starts (spec §4) */
const NOTICE_MS = 2000;
/** a stall longer than this reconnects the line */
const STALL_MS = 6000;
const MAX_LINES = 9;
/** set when the browser's own HLS failed once: hls.js plays from then on (this page session) */
let nativeFailed = false;

function asLines(v: unknown): Line[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((l): l is Line => !!l && typeof l.url === 'string' && l.url.startsWith('/') && l.id !== undefined)
    .slice(0, MAX_LINES)
    .map((l) => ({ id: String(l.id), url: l.url }));
}

/** play() answers a promise in browsers (rejected when autoplay is refused), nothing in older engines */
function tryPlay(video: HTMLVideoElement): void {
  try {
    const p = video.play() as Promise<void> | undefined;
    p?.catch(() => {});
  } catch {
    // not playable (yet)
  }
}

const token = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => (b % 36).toString(36)).join('');

interface HlsLike {
  latency?: number;
  destroy(): void;
  startLoad(): void;
  recoverMediaError(): void;
}

export default function LiveVideoWidget({ props }: WidgetProps<LiveVideoProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const lines = useMemo(() => asLines(props.lines), [props.lines]);
  const linesKey = lines.map((l) => l.url).join('|');
  const room = asNumber(props.room, 0);
  const viewerToken = useMemo(token, []);
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsLike | null>(null);
  const [lineIdx, setLineIdx] = useState(0);
  const [muted, setMuted] = useState(true);
  const [notice, setNotice] = useState(true);
  const [started, setStarted] = useState(false);
  const [latency, setLatency] = useState<number | null>(null);
  const [viewers, setViewers] = useState(() => asNumber(props.viewers, 0));
  const [status, setStatus] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [nonce, setNonce] = useState(0);
  const reconnect = useCallback(() => setNonce((n) => n + 1), []);
  const line = lines[Math.min(lineIdx, Math.max(0, lines.length - 1))];
  const offline = status === 'ended' || status === 'idle' || !line;

  useEffect(() => setViewers(asNumber(props.viewers, 0)), [props.viewers]);

  // pushed viewer count and status
  useEffect(() => {
    if (!room || !services.realtime) return;
    return services.realtime.subscribe(liveTopic(room), (msg) => {
      if (!isLiveEvent(msg) || msg.room_id !== room) return;
      if (msg.kind === 'viewers') setViewers(msg.viewers);
      if (msg.kind === 'status') {
        setStatus(msg.status);
        if (msg.status === 'live') reconnect();
      }
    });
  }, [room, services, reconnect]);

  // attach the current line; a line switch or a reconnect swaps the source on the same element
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce re-attaches on purpose
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !line || status === 'ended') return;
    const url = `${line.url}?v=${viewerToken}`;
    let disposed = false;
    const play = () => tryPlay(video);
    // native HLS first wherever the browser has it (Safari, recent Chromium): no player JS at all; a
    // native failure before the first frame falls back to hls.js for the rest of the session
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
        if (!disposed) void startHlsJs();
      });
    }
    async function startHlsJs() {
      if (!video) return;
      await import('hls.js/light').then(({ default: Hls }) => {
        if (disposed) return;
        if (!Hls.isSupported()) {
          video.src = url;
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
        let parsed = false;
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          parsed = true;
          play();
        });
        hls.loadSource(url);
        hls.attachMedia(video);
        hlsRef.current = hls;
      });
    }
    return () => {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      video.removeEventListener('error', onNativeError);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      if (nativeHls) video.removeAttribute('src');
    };
  }, [linesKey, lineIdx, nonce, status === 'ended', viewerToken]);

  // the muted notice: hidden 2 s after playback starts (or at once when unmuted)
  useEffect(() => {
    if (!started || !notice) return;
    const timer = setTimeout(() => setNotice(false), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [started, notice]);

  // stall watchdog, network back, page hidden
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
    const onPlaying = () => {
      clear();
      setStarted(true);
    };
    const onOnline = () => reconnect();
    const onVisibility = () => {
      if (document.hidden) video.pause();
      else tryPlay(video);
    };
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('stalled', onWaiting);
    video.addEventListener('playing', onPlaying);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clear();
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('stalled', onWaiting);
      video.removeEventListener('playing', onPlaying);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [reconnect]);

  // live latency: hls.js's estimate, else the distance to the live edge (see below)
  useEffect(() => {
    const timer = setInterval(() => {
      const video = videoRef.current;
      const hls = hlsRef.current;
      let l: number | null = null;
      if (hls && typeof hls.latency === 'number' && Number.isFinite(hls.latency)) l = hls.latency;
      else if (video) {
        // the live edge: seekable where the browser gives one (Safari), else the buffered end (Chromium's
        // native HLS leaves seekable empty): a player-side lower bound of the latency
        const seek = video.seekable;
        const edge = seek.length && seek.end(seek.length - 1) > 0 ? seek : video.buffered;
        if (edge.length) l = edge.end(edge.length - 1) - video.currentTime;
      }
      setLatency(l !== null && l >= 0 ? Math.round(l * 10) / 10 : null);
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  // fullscreen hides the footer and restores it on exit
  useEffect(() => {
    const onChange = () => {
      const mine = !!document.fullscreenElement && document.fullscreenElement === boxRef.current;
      window.dispatchEvent(new CustomEvent('footer-visibility', { detail: { visible: !mine } }));
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
    if (!video.muted) setNotice(false);
    tryPlay(video);
  };
  const toggleFullscreen = () => {
    const box = boxRef.current;
    if (!box) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void box.requestFullscreen?.().catch(() => {});
  };
  const poster = asText(props.poster);

  return (
    <div className="lv" ref={boxRef} data-testid="live-video">
      <video
        ref={videoRef}
        data-started={started ? '' : undefined}
        muted
        playsInline
        autoPlay
        onClick={toggleMute}
        poster={poster || undefined}
        data-line={line?.id ?? ''}
      />
      {offline && (
        <div className="lv-offline" data-testid="live-offline">
          {poster && <img className="lv-poster" src={poster} alt="" />}
          <span style={{ position: 'relative' }}>
            {status === 'ended' ? t('live.ended') : asText(props.offlineText) || t('live.offline')}
          </span>
        </div>
      )}
      {!offline && (
        <div className="lv-top">
          <span className="lv-badge">{t('live.badge')}</span>
          <span className="lv-chip" data-testid="live-viewers">
            {t('live.viewers', { count: viewers })}
          </span>
          {latency !== null && (
            <span className="lv-chip" data-testid="live-latency">
              {t('live.latency', { s: latency.toFixed(1) })}
            </span>
          )}
        </div>
      )}
      {!offline && muted && notice && (
        <div className="lv-notice" data-testid="live-muted-notice" role="status">
          {t('live.mutedNotice')}
        </div>
      )}
      {!offline && (
        <div className="lv-bar">
          <button type="button" className="lv-btn" onClick={toggleMute} data-testid="live-mute">
            {muted ? t('live.unmute') : t('live.mute')}
          </button>
          {lines.length > 1 && (
            <button
              type="button"
              className="lv-btn"
              onClick={() => setPicking((p) => !p)}
              data-testid="live-line-button"
            >
              {t('live.line', { n: lineIdx + 1 })}
            </button>
          )}
          <button type="button" className="lv-btn" onClick={toggleFullscreen} data-testid="live-fullscreen">
            {t('live.fullscreen')}
          </button>
        </div>
      )}
      {picking && !offline && (
        <div className="lv-lines" role="menu">
          {lines.map((l, i) => (
            <button
              key={l.url}
              type="button"
              className="lv-btn"
              aria-pressed={i === lineIdx}
              data-testid={`live-line-${i + 1}`}
              onClick={() => {
                setLineIdx(i);
                setPicking(false);
              }}
            >
              {t('live.line', { n: i + 1 })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
