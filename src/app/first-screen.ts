/**
 * The opening screen, loaded before the app's first render. Otherwise the first render draws the shell
 * with a skeleton, and only its effects start the screen: its JSON, forms and widgets arrive, a
 * synchronous render swaps in the mounted screen, and a second transition draws it. On a phone's CPU
 * that chain of renders and commits came before the page's largest paint; now the first render draws
 * the screen itself (the splash stays until then). ScreenHost takes the bundle once, for that screen.
 */

import { loadScreenBundle, type ScreenBundle } from '../engine';
import type { RouteTable } from '../engine/config-types.gen';
import { preloadScreenWidgets } from '../widgets/deferred';
import { loadScreenTexts } from './i18n';
import { pathOfHash } from './routing/hash-catch-up';
import { findRoute } from './routing/route-table';
import { registry } from './widget-registry';

let warm: { screenId: string; bundle: ScreenBundle } | null = null;

/** The screen the address opens (one redirect followed), or undefined. */
export function screenOfAddress(routes: RouteTable, hash: string): string | undefined {
  const pathname = pathOfHash(hash).split(/[?#]/)[0] || '/';
  let match = findRoute(routes, pathname);
  if (match?.entry.redirect) match = findRoute(routes, match.entry.redirect);
  return match?.entry.screen;
}

/** Loads the screen's bundle and widgets now; its texts once `textsReady` (the language) settles. */
export function warmFirstScreen(routes: RouteTable, textsReady: Promise<unknown>): Promise<void> {
  const screenId = screenOfAddress(routes, window.location.hash);
  if (!screenId) return Promise.resolve();
  return loadScreenBundle(screenId)
    .then((bundle) =>
      Promise.all([
        preloadScreenWidgets(registry, bundle.screen),
        textsReady.then(() => loadScreenTexts(screenId)),
      ]).then(() => {
        warm = { screenId, bundle };
      }),
    )
    .catch(() => {}); // ScreenHost loads it again and shows the failure with a retry
}

/** The warmed bundle of `screenId`, once: a later visit (or a config change) loads afresh. */
export function takeWarmScreen(screenId: string): ScreenBundle | null {
  if (warm?.screenId !== screenId) return null;
  const { bundle } = warm;
  warm = null;
  return bundle;
}
