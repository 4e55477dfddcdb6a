/**
 * Loads a route's screen bundle and renders it with the engine; shows a skeleton while loading.
 * Plain markup (styled in shell.css) rather than antd-mobile's Skeleton and Button: it is on every
 * first paint.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadScreenBundle, type ScreenBundle, ScreenRenderer, useWidgetRegistry } from '../engine';
import { onConfigFilesChanged } from '../engine/config-events';
import { preloadScreenWidgets } from '../widgets/deferred';
import { takeWarmScreen } from './first-screen';
import { loadScreenTexts } from './i18n';

export interface ScreenHostProps {
  screenId: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

export function ScreenHost({ screenId, path, params, query }: ScreenHostProps) {
  const { t } = useTranslation();
  // the opening screen arrives loaded (first-screen.ts): drawn in this very render
  const [warm] = useState(() => takeWarmScreen(screenId));
  const warmFor = useRef(warm ? screenId : null);
  const [bundle, setBundle] = useState<ScreenBundle | null>(warm);
  const [ready, setReady] = useState<ScreenBundle | null>(warm);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const registry = useWidgetRegistry();
  // a document laid over at once (an operator's preview) loads the screen on display again
  useEffect(() => onConfigFilesChanged(() => setAttempt((n) => n + 1)), []);

  useEffect(() => {
    if (warmFor.current === screenId && attempt === 0) return;
    warmFor.current = null;
    let live = true;
    setFailed(false);
    // the screen's texts (beyond the core) are fetched alongside its config
    const texts = loadScreenTexts(screenId);
    texts.catch(() => {}); // reported through the chain below
    loadScreenBundle(screenId)
      .then((b) => {
        // the screen mounts (its data requests start) while its widgets load; it shows once they are
        // here, so no skeletons pop into content; that first render is a transition, drawn in slices
        if (live) setBundle(b);
        return Promise.all([preloadScreenWidgets(registry, b.screen), texts]).then(() => b);
      })
      .then((b) => live && startTransition(() => setReady(b)))
      .catch((e) => {
        console.error(`[screen] ${screenId} failed to load`, e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [screenId, attempt, registry]);

  if (failed) {
    return (
      <div className="gf-screen-failed" role="alert">
        <p>{t('app.loadFailed')}</p>
        <button type="button" className="gf-retry-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const loading = (
    <div className="gf-screen-loading" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <div className="gf-skeleton gf-skeleton--title" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="gf-skeleton gf-skeleton--line" />
      ))}
    </div>
  );
  if (!bundle) return loading;
  return (
    <ScreenRenderer
      screen={bundle.screen}
      forms={bundle.forms}
      route={{ path, params }}
      query={query}
      pending={ready !== bundle}
      fallback={loading}
    />
  );
}
