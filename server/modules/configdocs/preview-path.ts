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

/** the first route (no redirect) of `screenId` in a route table, else the match tab */
export function routeOfScreen(routes: unknown, screenId: string): string {
  const list = (routes as { routes?: RouteEntry[] } | null)?.routes;
  const hit = Array.isArray(list)
    ? list.find((r) => r && r.screen === screenId && !r.redirect && typeof r.path === 'string')
    : undefined;
  return (hit?.path as string | undefined) ?? DEFAULT_PREVIEW_PATH;
}

export async function previewPath(db: Db, kind: Kind, name: string): Promise<string> {
  if (kind !== 'screen' || /^(forms|fragments)\./.test(name)) return DEFAULT_PREVIEW_PATH;
  const doc = await findDoc(db, 'routes', 'routes');
  const routes = (await versionOf(db, doc.id, doc.publishedVersion)).body;
  return routeOfScreen(routes, name.split('.').join('/'));
}
