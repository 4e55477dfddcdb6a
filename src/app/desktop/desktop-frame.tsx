/**
 * The desktop page: the mobile site in a 375x812 phone frame beside a panel with the logo, a slogan and
 * two QR codes. Loaded lazily (with qrcode) so phones never download it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from './detect';
import { PHONE_OUTER, phoneScale } from './phone-scale';
import './desktop-frame.css';

function QrImage({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((m) => m.default.toDataURL(value, { width: 320, margin: 1 }))
      .then((url) => live && setSrc(url))
      .catch((e) => console.warn('[desktop] QR code failed', e));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <figure className="gf-desktop-qr">
      {src ? <img src={src} alt={label} width={140} height={140} /> : <div className="gf-desktop-qr-box" />}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

export default function DesktopFrame() {
  const { t } = useTranslation();
  const [currentUrl, setCurrentUrl] = useState(() => window.location.href);

  useEffect(() => {
    // the framed app posts every route change; the H5 QR code follows the page shown in the phone
    const onMessage = (ev: MessageEvent) => {
      if (ev.origin !== window.location.origin) return;
      const data = ev.data as { type?: string; path?: string } | null;
      if (data?.type !== 'routeChange' || typeof data.path !== 'string') return;
      const url = `${window.location.origin}${window.location.pathname}#${data.path}`;
      setCurrentUrl(url);
      window.history.replaceState(null, '', `#${data.path}`);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // the iframe keeps its first URL; later changes come from inside it
  const [frameSrc] = useState(() => window.location.href);

  // the phone keeps its 375x812 viewport (the app lays out for it) and is drawn smaller on a short window
  const [scale, setScale] = useState(() => phoneScale(window.innerHeight));
  useEffect(() => {
    const onResize = () => setScale(phoneScale(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <div className="gf-desktop">
      <aside className="gf-desktop-panel">
        <img className="gf-desktop-logo" src="./logo.svg" alt={t('app.name')} width={96} height={96} />
        <h1 className="gf-desktop-title">{t('app.name')}</h1>
        <p className="gf-desktop-slogan">{t('desktop.slogan')}</p>
        <div className="gf-desktop-qrs">
          <QrImage value={downloadUrl(window.location.origin)} label={t('desktop.appDownload')} />
          <QrImage value={currentUrl} label={t('desktop.h5Experience')} />
        </div>
        <p className="gf-desktop-hint">{t('desktop.scanHint')}</p>
      </aside>
      <div
        className="gf-desktop-phone-slot"
        style={{ width: PHONE_OUTER.width * scale, height: PHONE_OUTER.height * scale }}
      >
        <div className="gf-desktop-phone" style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}>
          <iframe title={t('app.name')} src={frameSrc} width={375} height={812} />
        </div>
      </div>
    </div>
  );
}
