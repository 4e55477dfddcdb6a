/**
 * The live video player (hand-written). HLS natively where the browser has it, else through hls.js (its
 * light build, loaded only here, after the room's first paint: use-hls-source.ts); starts muted with the
 * muted notice hidden 2 s after playback starts (spec §4), tap to unmute; a line switcher that swaps the
 * source on the same <video> (no page reload); reconnects when playback stalls or the network comes
 * back, pauses while the page is hidden, fullscreen hides the footer (use-playback-guards.ts); shows the
 * live latency from the segments' program dates against the server clock (latency.ts). With `room`,
 * pushes on live:<room> keep the viewer count and status current.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLiveEvent, liveTopic } from '../../../contracts/live';
import type { WidgetProps } from '../../engine/contract';
import { useEngineServices } from '../../engine/services';
import { asNumber, asText } from '../shared/css';
import { asLines, tryPlay, viewerToken } from './lines';
import { type HlsLike, useHlsSource } from './use-hls-source';
import { useLiveLatency } from './use-live-latency';
import { useFullscreenFooter, usePlaybackGuards } from './use-playback-guards';
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

/** the notice shows for this long after playback starts (spec §4) */
const NOTICE_MS = 2000;

export default function LiveVideoWidget({ props }: WidgetProps<LiveVideoProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const lines = useMemo(() => asLines(props.lines), [props.lines]);
  const room = asNumber(props.room, 0);
  const token = useMemo(viewerToken, []);
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsLike | null>(null);
  const [lineIdx, setLineIdx] = useState(0);
  const [muted, setMuted] = useState(true);
  const [notice, setNotice] = useState(true);
  const [started, setStarted] = useState(false);
  const [viewers, setViewers] = useState(() => asNumber(props.viewers, 0));
  const [status, setStatus] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [nonce, setNonce] = useState(0);
  const reconnect = useCallback(() => setNonce((n) => n + 1), []);
  const onPlaying = useCallback(() => setStarted(true), []);
  const line = lines[Math.min(lineIdx, Math.max(0, lines.length - 1))];
  const offline = status === 'ended' || status === 'idle' || !line;
  const playable = line && status !== 'ended' ? line.url : null;

  useEffect(() => setViewers(asNumber(props.viewers, 0)), [props.viewers]);
  const lineName = (i: number) =>
    lines[i]?.height ? t('live3.lineHeight', { n: i + 1, h: lines[i].height }) : t('live.line', { n: i + 1 });

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

  useHlsSource({ videoRef, hlsRef, url: playable ? `${playable}?v=${token}` : null, nonce, reconnect });
  usePlaybackGuards(videoRef, reconnect, onPlaying);
  const toggleFullscreen = useFullscreenFooter(boxRef);
  const latency = useLiveLatency(videoRef, hlsRef, offline ? null : playable);

  // the muted notice: hidden 2 s after playback starts (or at once when unmuted)
  useEffect(() => {
    if (!started || !notice) return;
    const timer = setTimeout(() => setNotice(false), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [started, notice]);

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
    if (!video.muted) setNotice(false);
    tryPlay(video);
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
          <span className="lv-offline__text">
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
              {lineName(lineIdx)}
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
              {lineName(i)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
