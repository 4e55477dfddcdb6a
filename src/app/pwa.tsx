/**
 * The installable web app: registers public/sw.js (production builds only: the dev server's modules are
 * not hashed, so caching them would serve stale code) and shows an offline bar while the browser
 * reports no network or the server cannot be reached. Screens keep what they had loaded; requests fail
 * with the network error toast.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkStatus } from '../api/network-status';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // after load, so the worker's precache does not compete with the first screen's requests
  const register = () =>
    navigator.serviceWorker
      .register('./sw.js', { scope: './' })
      .catch((err) => console.warn('[pwa] service worker registration failed', err));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export function OfflineBar({ network }: { network: NetworkStatus }) {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  const reachable = useSyncExternalStore(network.subscribe, network.reachable);
  useEffect(() => {
    const on = () => {
      setOnline(true);
      // the browser says it is back: trust it until the next request says otherwise
      network.report(true);
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [network]);
  if (online && reachable) return null;
  return (
    <div
      role="status"
      data-testid="offline-bar"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 3000,
        padding: '6px 12px',
        textAlign: 'center',
        fontSize: 13,
        color: 'var(--gf-colors-warningText)',
        background: 'var(--gf-colors-warningBg)',
      }}
    >
      {t('common.offline')}
    </div>
  );
}
