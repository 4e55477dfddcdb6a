/**
 * Pull to refresh without a gesture library (the match tab is a first screen with a tight JS budget):
 * when the scroller is at the top, a downward drag past THRESHOLD refreshes.
 */
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const THRESHOLD = 60;
const MAX = 90;

function atTop(el: HTMLElement): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (p.scrollTop > 0) return false;
  }
  return window.scrollY <= 0;
}

export function Pull({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  const { t } = useTranslation();
  const [dy, setDy] = useState(0);
  const [busy, setBusy] = useState(false);
  const start = useRef<number | null>(null);

  const end = () => {
    const pulled = dy;
    start.current = null;
    setDy(0);
    if (pulled < THRESHOLD || busy) return;
    setBusy(true);
    void onRefresh().finally(() => setBusy(false));
  };

  const label = busy
    ? t('widget.pull.refreshing')
    : dy >= THRESHOLD
      ? t('widget.pull.release')
      : t('widget.pull.pulling');
  return (
    <div
      className="gf-pull"
      onTouchStart={(e) => {
        start.current = atTop(e.currentTarget) ? e.touches[0].clientY : null;
      }}
      onTouchMove={(e) => {
        if (start.current === null) return;
        setDy(Math.max(0, Math.min(MAX, (e.touches[0].clientY - start.current) * 0.5)));
      }}
      onTouchEnd={end}
      onTouchCancel={end}
    >
      <div className="gf-pull__head" style={{ height: busy ? 36 : dy }} aria-live="polite">
        {busy || dy > 0 ? label : null}
      </div>
      {children}
    </div>
  );
}
