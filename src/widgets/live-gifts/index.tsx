/**
 * Gifts in a live room: the catalogue as a tap bar, the combo countdown on the tapped gift, the combos
 * of everyone in the room (pushed on live:<room>) with a pop animation, and the room's gift ranking.
 * Every tap has its own tap id, so a retried request never charges twice.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isLiveEvent, type LiveGiftEvent, liveTopic } from '../../../contracts/live';
import type { WidgetProps } from '../../engine/contract';
import type { ApiFailure } from '../../engine/services';
import { useEngineServices } from '../../engine/services';
import { asNumber } from '../shared/css';
import './live-gifts.css';

export interface LiveGiftsProps {
  room?: unknown;
  disabled?: unknown;
}

interface Gift {
  id: string;
  price: number;
  icon: string;
  /** the gift drawn as SVG: the tiles never depend on a colour-emoji font (Debian's Chromium has none) */
  image?: string;
}
interface Combo {
  key: string;
  nickname: string;
  gift: string;
  combo: number;
  until: number;
}
interface Rank {
  rank: number;
  user: { nickname: string; avatar: string };
  coins: number;
}

const base = '/mdr/api/v1/live';
const noop = () => () => {};
const tapId = () =>
  `t${Date.now().toString(36)}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join('')}`;

export default function LiveGiftsWidget({ props }: WidgetProps<LiveGiftsProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const room = asNumber(props.room, 0);
  const disabled = props.disabled === true;
  const session = useSyncExternalStore(
    services.session.subscribe,
    services.session.get,
    services.session.get,
  );
  const [gifts, setGifts] = useState<Gift[]>([]);
  const [comboSeconds, setComboSeconds] = useState(5);
  const [combos, setCombos] = useState<Combo[]>([]);
  const [mine, setMine] = useState<{ gift: string; combo: number; until: number } | null>(null);
  const [now, setNow] = useState(Date.now);
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [ranking, setRanking] = useState<Rank[] | null>(null);
  const seenTaps = useRef(new Set<string>());
  const online = useSyncExternalStore(
    services.realtime?.onStatus ?? noop,
    () => services.realtime?.isUp?.() ?? true,
  );

  useEffect(() => {
    services.api
      .request<{ combo_seconds: number; list: Gift[] }>({
        method: 'GET',
        path: `${base}/gifts`,
        silent: true,
      })
      .then((r) => {
        setGifts(r.list);
        setComboSeconds(r.combo_seconds);
      })
      .catch(() => {});
  }, [services]);

  const showCombo = useCallback(
    (
      e: Pick<LiveGiftEvent, 'gift_id' | 'combo' | 'combo_seconds' | 'tap_id'> & {
        nickname: string;
        userId: number;
      },
    ) => {
      if (seenTaps.current.has(e.tap_id)) return;
      seenTaps.current.add(e.tap_id);
      const key = `${e.userId}:${e.gift_id}`;
      const until = Date.now() + e.combo_seconds * 1000;
      setCombos((list) => {
        const rest = list.filter((c) => c.key !== key && c.until > Date.now());
        if (list.some((c) => c.key === key && c.combo > e.combo && c.until > Date.now())) return list;
        return [...rest.slice(-3), { key, nickname: e.nickname, gift: e.gift_id, combo: e.combo, until }];
      });
    },
    [],
  );

  useEffect(() => {
    if (!room || !services.realtime) return;
    return services.realtime.subscribe(liveTopic(room), (msg) => {
      if (!isLiveEvent(msg) || msg.kind !== 'gift' || msg.room_id !== room) return;
      showCombo({ ...msg, nickname: msg.user.nickname, userId: msg.user.id });
    });
  }, [room, services, showCombo]);

  useEffect(() => {
    if (!combos.length && !mine) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      setCombos((list) => (list.some((c) => c.until <= n) ? list.filter((c) => c.until > n) : list));
      setMine((m) => (m && m.until <= n ? null : m));
    }, 250);
    return () => clearInterval(timer);
  }, [combos.length, mine]);

  const loadRanking = useCallback(() => {
    services.api
      .request<{ list: Rank[] }>({ method: 'GET', path: `${base}/rooms/${room}/ranking`, silent: true })
      .then((r) => setRanking(r.list))
      .catch(() => setRanking([]));
  }, [services, room]);

  const send = async (gift: Gift) => {
    if (!session.isLogin) {
      services.openLogin();
      return;
    }
    setError('');
    const tap = tapId();
    try {
      const r = await services.api.request<{
        combo: number;
        combo_seconds: number;
        balance: number;
        tap_id: string;
      }>({
        method: 'POST',
        path: `${base}/rooms/${room}/gifts`,
        body: { gift_id: gift.id, tap_id: tap },
      });
      setBalance(r.balance);
      setMine({ gift: gift.id, combo: r.combo, until: Date.now() + r.combo_seconds * 1000 });
      const me = session.user as { id?: number; nickname?: string } | null;
      showCombo({
        gift_id: gift.id,
        combo: r.combo,
        combo_seconds: r.combo_seconds,
        tap_id: r.tap_id,
        nickname: me?.nickname ?? t('live.you'),
        userId: typeof me?.id === 'number' ? me.id : -1,
      });
      if (ranking) loadRanking();
    } catch (e) {
      const f = e as ApiFailure;
      if (f.code === 110000) services.openLogin();
      else if (f.code !== 110300) setError(f.msg || t('errors.100500'));
    }
  };

  const giftById = (id: string) => gifts.find((g) => g.id === id);

  return (
    <section className="lg" data-testid="live-gifts" aria-label={t('live.gifts')}>
      <div className="lg-feed" aria-live="polite">
        {combos
          .filter((c) => c.until > now)
          .map((c) => (
            <span key={`${c.key}:${c.combo}`} className="lg-combo" data-testid="live-combo">
              {c.nickname} {t(`live.gift.${c.gift}`)} <GiftImage gift={giftById(c.gift)} size={18} />{' '}
              <b>×{c.combo}</b>
            </span>
          ))}
      </div>
      <div className="lg-bar">
        {gifts.map((g) => {
          const counting = mine && mine.gift === g.id && mine.until > now;
          return (
            <button
              key={g.id}
              type="button"
              className="lg-gift"
              disabled={disabled}
              data-testid={`live-gift-${g.id}`}
              onClick={() => void send(g)}
            >
              <span className="lg-icon" aria-hidden>
                <GiftImage gift={g} size={28} />
              </span>
              <span>{t(`live.gift.${g.id}`)}</span>
              <span className="lg-price">{t('live.coins', { n: g.price })}</span>
              {counting && (
                <span className="lg-count">
                  ×{mine.combo} · {Math.ceil((mine.until - now) / 1000)}s
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="lg-row">
        <span className={error ? 'lg-error' : ''}>
          {error ||
            (balance !== null ? t('live.balance', { n: balance }) : t('live.comboHint', { s: comboSeconds }))}
          {!online && ` · ${t('live.reconnecting')}`}
        </span>
        <button
          type="button"
          className="lg-link"
          data-testid="live-ranking-button"
          onClick={() => (ranking ? setRanking(null) : loadRanking())}
        >
          {ranking ? t('live.hideRanking') : t('live.ranking')}
        </button>
      </div>
      {ranking && (
        <ol className="lg-rank" data-testid="live-ranking">
          {ranking.length === 0 && <li>{t('live.rankingEmpty')}</li>}
          {ranking.map((r) => (
            <li key={r.rank}>
              <span className="n">{r.rank}</span>
              {r.user.avatar ? <img src={r.user.avatar} alt="" /> : null}
              <span>{r.user.nickname}</span>
              <span className="c">{t('live.coins', { n: r.coins })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The gift's drawing (same-origin SVG only), or its emoji when the catalogue gives no image. */
function GiftImage({ gift, size }: { gift: Gift | undefined; size: number }) {
  if (!gift) return null;
  if (gift.image?.startsWith('/'))
    return <img className="lg-img" src={gift.image} alt="" width={size} height={size} draggable={false} />;
  return <>{gift.icon}</>;
}
