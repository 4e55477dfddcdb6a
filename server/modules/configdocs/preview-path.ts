/**
 * Where the console's preview link opens a document: a screen's first route in the published route
 * table (a screen no route shows, a fragment, a form and every other kind open the match tab, where
 * texts, status maps and the theme show).
 */
import type { Db } from '../../db';
import type { Kind } from './catalogue';
import { findDoc, versionOf } from './store';

export const DEFAULT_PREVIEW_PATH = '/match';

interface RouteEntry {
  path?: unknown;
  screen?: unknown;
  redirect?: unknown;
}

/** the first route (no redirect) of `screenId` in a route table, '' when none shows it */
function screenRoute(routes: unknown, screenId: string): string {
  const list = (routes as { routes?: RouteEntry[] } | null)?.routes;
  const hit = Array.isArray(list)
    ? list.find((r) => r && r.screen === screenId && !r.redirect && typeof r.path === 'string')
    : undefined;
  return (hit?.path as string | undefined) ?? '';
}

/**
 * The published route that shows a screen document ('' for none, a form, a fragment or another kind):
 * the console tells an operator whose new screen has no route yet how fans will reach it.
 */
export async function publishedRoute(db: Db, kind: Kind, name: string): Promise<string> {
  if (kind !== 'screen' || /^(forms|fragments)\./.test(name)) return '';
  const doc = await findDoc(db, 'routes', 'routes');
  const routes = (await versionOf(db, doc.id, doc.publishedVersion)).body;
  return screenRoute(routes, name.split('.').join('/'));
}
