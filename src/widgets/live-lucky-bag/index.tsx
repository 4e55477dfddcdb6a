/**
 * A live room's lucky bag (lucky_bag_rule): the current bag with its countdown, join (once), the draw's
 * winners and the viewer's own result; the creator drops a bag from their income. Every change is
 * pushed on live:<room> (kind lucky_bag): the widget refetches to get its own fields (joined, won).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isLiveEvent, liveTopic } from '../../../contracts/live';
import type { WidgetProps } from '../../engine/contract';
import type { ApiFailure } from '../../engine/services';
import { useEngineServices } from '../../engine/services';
import { asNumber } from '../shared/css';
import './live-lucky-bag.css';

export interface LiveLuckyBagProps {
  room?: unknown;
  owner?: unknown;
  disabled?: unknown;
}

interface Bag {
  id: number;
  total: number;
  shares: number;
  mode: 'even' | 'random';
  status: 'open' | 'drawn';
  ends_at: string;
  entrants: number;
  joined: boolean;
  my_amount: number | null;
  mine: boolean;
  refunded: number;
  winners: { user: { id: number; nickname: string }; amount: number }[];
}

const base = '/mdr/api/v1/live';
const COUNTDOWNS = [60, 180, 300];
const tapId = () =>
  `b${Date.now().toString(36)}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (x) => (x % 36).toString(36)).join('')}`;
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export default function LiveLuckyBagWidget({ props }: WidgetProps<LiveLuckyBagProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const room = asNumber(props.room, 0);
  const owner = props.owner === true;
  const disabled = props.disabled === true;
  const session = useSyncExternalStore(
    services.session.subscribe,
    services.session.get,
    services.session.get,
  );
  const [bag, setBag] = useState<Bag | null>(null);
  const [now, setNow] = useState(Date.now);
  const [form, setForm] = useState<null | {
    total: string;
    shares: string;
    mode: 'even' | 'random';
    seconds: number;
  }>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (!room) return;
    services.api
      .request<{ bag: Bag | null }>({ method: 'GET', path: `${base}/rooms/${room}/lucky-bag`, silent: true })
      .then((r) => setBag(r.bag))
      .catch(() => {});
  }, [room, services]);

  // a sign-in changes what the bag says about the caller (joined, won): fetch again
  // biome-ignore lint/correctness/useExhaustiveDependencies: session.isLogin refetches on purpose
  useEffect(load, [load, session.isLogin]);

  useEffect(() => {
    if (!room || !services.realtime) return;
    return services.realtime.subscribe(liveTopic(room), (msg) => {
      if (isLiveEvent(msg) && msg.kind === 'lucky_bag' && msg.room_id === room) load();
    });
  }, [room, services, load]);

  const open = bag?.status === 'open';
  const left = open ? Date.parse(bag.ends_at) - now : 0;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [open]);
  // the countdown is over: the server draws within a second; ask once in case the push was missed
  const due = open && left <= 0;
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(load, 1500);
    return () => clearTimeout(timer);
  }, [due, load]);

  const fail = (e: unknown) => {
    const f = e as ApiFailure;
    if (f.code === 110000) services.openLogin();
    else setError(f.msg || t('errors.100500'));
  };

  const join = async () => {
    if (!bag) return;
    if (!session.isLogin) {
      services.openLogin();
      return;
    }
    setError('');
    setBusy(true);
    try {
      setBag(await services.api.request<Bag>({ method: 'POST', path: `${base}/lucky-bags/${bag.id}/join` }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const drop = async () => {
    if (!form) return;
    setError('');
    setBusy(true);
    try {
      const made = await services.api.request<Bag>({
        method: 'POST',
        path: `${base}/rooms/${room}/lucky-bags`,
        body: {
          total: Number(form.total),
          shares: Number(form.shares),
          mode: form.mode,
          seconds: form.seconds,
          tap_id: tapId(),
        },
      });
      setBag(made);
      setForm(null);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const rule = () => services.navigate('/protocol/index', { query: { id: 'lucky_bag_rule' } });

  return (
    <section className="lb" data-testid="live-lucky-bag" aria-label={t('live3.bag.title')}>
      {bag && (
        <div className={`lb-card ${open ? 'open' : 'drawn'}`} data-testid="lucky-bag-card" aria-live="polite">
          <span className="lb-icon" aria-hidden>
            {t('live3.bag.badge')}
          </span>
          <div className="lb-main">
            <b>{t('live3.bag.title')}</b>
            <span data-testid="lucky-bag-summary">
              {t('live3.bag.summary', {
                total: bag.total,
                shares: bag.shares,
                mode: t(`live3.bag.mode.${bag.mode}`),
              })}
            </span>
            {open ? (
              <span data-testid="lucky-bag-countdown">
                {due ? t('live3.bag.drawing') : t('live3.bag.endsIn', { time: clock(left) })} ·{' '}
                {t('live3.bag.entrants', { n: bag.entrants })}
              </span>
            ) : (
              <span data-testid="lucky-bag-result">
                {bag.my_amount && bag.my_amount > 0
                  ? t('live3.bag.won', { n: bag.my_amount })
                  : bag.joined
                    ? t('live3.bag.lost')
                    : t('live3.bag.drawn', { n: bag.winners.length })}
              </span>
            )}
            {!open && bag.winners.length > 0 && (
              <ol className="lb-winners" data-testid="lucky-bag-winners">
                {bag.winners.slice(0, 5).map((w) => (
                  <li key={w.user.id}>
                    {w.user.nickname} · {t('live.coins', { n: w.amount })}
                  </li>
                ))}
              </ol>
            )}
            {!open && bag.mine && bag.refunded > 0 && (
              <span className="lb-weak">{t('live3.bag.refunded', { n: bag.refunded })}</span>
            )}
          </div>
          {open && !bag.mine && !due && (
            <button
              type="button"
              className="lb-btn"
              disabled={bag.joined || busy}
              data-testid="lucky-bag-join"
              onClick={() => void join()}
            >
              {bag.joined ? t('live3.bag.joined') : t('live3.bag.join')}
            </button>
          )}
        </div>
      )}
      {owner && !disabled && !open && !form && (
        <button
          type="button"
          className="lb-btn wide"
          data-testid="lucky-bag-new"
          onClick={() => setForm({ total: '100', shares: '5', mode: 'random', seconds: 60 })}
        >
          {t('live3.bag.drop')}
        </button>
      )}
      {form && (
        <div className="lb-form" data-testid="lucky-bag-form">
          <label>
            {t('live3.bag.total')}
            <input
              inputMode="numeric"
              value={form.total}
              data-testid="lucky-bag-total"
              onChange={(e) => setForm({ ...form, total: e.target.value.replace(/\D/g, '').slice(0, 6) })}
            />
          </label>
          <label>
            {t('live3.bag.shares')}
            <input
              inputMode="numeric"
              value={form.shares}
              data-testid="lucky-bag-shares"
              onChange={(e) => setForm({ ...form, shares: e.target.value.replace(/\D/g, '').slice(0, 3) })}
            />
          </label>
          <fieldset className="lb-seg" aria-label={t('live3.bag.split')}>
            {(['random', 'even'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={form.mode === m}
                onClick={() => setForm({ ...form, mode: m })}
              >
                {t(`live3.bag.mode.${m}`)}
              </button>
            ))}
          </fieldset>
          <fieldset className="lb-seg" aria-label={t('live3.bag.countdown')}>
            {COUNTDOWNS.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={form.seconds === s}
                data-testid={`lucky-bag-seconds-${s}`}
                onClick={() => setForm({ ...form, seconds: s })}
              >
                {t('live3.bag.minutes', { n: s / 60 })}
              </button>
            ))}
          </fieldset>
          <span className="lb-weak">{t('live3.bag.fromIncome')}</span>
          <div className="lb-actions">
            <button type="button" className="lb-btn ghost" onClick={() => setForm(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="lb-btn"
              disabled={busy || !Number(form.total) || !Number(form.shares)}
              data-testid="lucky-bag-submit"
              onClick={() => void drop()}
            >
              {t('live3.bag.submit')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <span className="lb-error" role="alert">
          {error}
        </span>
      )}
      {(bag || owner) && (
        <button type="button" className="lb-link" onClick={rule}>
          {t('live3.bag.rule')}
        </button>
      )}
    </section>
  );
}
