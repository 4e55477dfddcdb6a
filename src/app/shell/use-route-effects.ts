/**
 * What every route change triggers: a routeChange message to a parent frame (the desktop page),
 * an analytics route event (URL without the `t` timestamp), scroll handling and the kicked-offline check.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { SessionStore } from '../../state/session-store';
import { analytics } from '../analytics';
import { withoutTimestamp } from '../routing/route-table';

export function postRouteChange(path: string, w: Window = window) {
  if (w.parent && w.parent !== w) w.parent.postMessage({ type: 'routeChange', path }, w.location.origin);
}

export function useRouteEffects(store: SessionStore, onKicked: () => void) {
  const location = useLocation();
  const navType = useNavigationType();
  const referrer = useRef<string | undefined>(undefined);
  const scrollByKey = useRef(new Map<string, number>());

  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    postRouteChange(path);
    const url = withoutTimestamp(window.location.href);
    const uid = (store.get().user as { id?: unknown } | null)?.id;
    analytics({
      kind: 'route',
      name: location.pathname,
      url,
      referrer: referrer.current,
      time: Date.now(),
      uid: uid == null ? null : String(uid),
    });
    referrer.current = url;
    if (store.get().kickedOffline) onKicked();
  }, [location, store, onKicked]);

  // remember where each history entry was scrolled, so returning to it lands there again
  useEffect(() => {
    const key = location.key;
    const onScroll = () => scrollByKey.current.set(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [location.key]);

  // spec §2: a new page starts at the top, a page returned to where it was left. At once, before paint:
  // a smooth scroll started from the previous page's offset showed the new page part-way down (its
  // title out of view) and could stop short when the page grew under it while loading.
  // The app's first screen is left alone: the document opens at the top, so a scrollTo here only forced a
  // layout inside the first render's task (Lighthouse showed no measurable change from skipping it).
  const firstScreen = useRef(true);
  useLayoutEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    const saved = scrollByKey.current.get(location.key);
    if (navType === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      // a kept-alive page is back at full height at once; one still loading may need another frame
      if (Math.abs(window.scrollY - saved) > 1) {
        const id = requestAnimationFrame(() => window.scrollTo({ top: saved, behavior: 'instant' }));
        return () => cancelAnimationFrame(id);
      }
    } else window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location.key, navType]);
}
