/**
 * react-router's HashRouter creates its history while rendering and subscribes to the URL in a layout
 * effect. The app's first render is a time-sliced transition (src/main.tsx), so a hash change can land
 * between the two (a link opened, a test's goto, the back button during start-up) and be missed: the
 * page would stay on the old route with the new address in the bar. Once subscribed (a passive effect
 * runs after every layout effect), this compares the address with the router's location once and
 * catches up.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** `#/me?tab=a` → `/me?tab=a` (an empty hash is `/`, as createHashHistory reads it) */
export function pathOfHash(hash: string): string {
  const raw = hash.replace(/^#/, '');
  return raw.startsWith('/') ? raw : `/${raw}`;
}

export function HashCatchUp() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the router subscribed
  useEffect(() => {
    const address = pathOfHash(window.location.hash);
    if (address !== `${pathname}${search}${hash}`) navigate(address, { replace: true });
  }, []);
  return null;
}
