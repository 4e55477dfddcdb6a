/**
 * Deleting a screen an operator created (issue 15). Only a document no repo file seeds can go (its seed
 * hash is empty, create.ts): a repo document can only be rolled back to its seed. A screen that the
 * route table (published, or its newest draft) still shows is refused with the routes and tabs that
 * reach it, so nothing fans can open, or an operator is about to publish, ever points at nothing.
 * The document and all its versions go in one transaction; audited as `config.delete`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { docPath, type Kind } from './catalogue';
import { auditConfig, findDoc, lockDoc, versionOf } from './store';

interface RouteEntry {
  path?: unknown;
  screen?: unknown;
}
interface TabEntry {
  key?: unknown;
  path?: unknown;
}

/** paths of the routes in a route table that show `screenId` */
export function routesShowing(table: unknown, screenId: string): string[] {
  const list = (table as { routes?: RouteEntry[] } | null)?.routes;
  if (!Array.isArray(list)) return [];
  return list
    .filter((r) => r && r.screen === screenId && typeof r.path === 'string')
    .map((r) => r.path as string);
}

/** keys of the tabs of a tab layout that open one of `paths` */
export function tabsOpening(layout: unknown, paths: readonly string[]): string[] {
  const list = (layout as { tabs?: TabEntry[] } | null)?.tabs;
  if (!Array.isArray(list)) return [];
  return list
    .filter((t) => t && typeof t.path === 'string' && paths.includes(t.path))
    .map((t) => String(t.key ?? t.path));
}

/** the bodies of a document's published and newest versions (one when they are the same), its row locked */
async function liveAndHead(tx: Db, kind: Kind, name: string): Promise<unknown[]> {
  const doc = await lockDoc(tx, (await findDoc(tx, kind, name)).id);
  const live = (await versionOf(tx, doc.id, doc.publishedVersion)).body;
  if (doc.headVersion === doc.publishedVersion) return [live];
  return [live, (await versionOf(tx, doc.id, doc.headVersion)).body];
}

/**
 * Delete screen `name` by `by`: 100404 for no such document, 180105 for a
 * document the repo seeds (roll it back instead), 180106 while a route or tab shows it
 * (data: { key, routes, tabs }). The route table's row stays locked until the screen is gone, so a
 * route saved meanwhile waits and is then checked against the documents without it.
 */
export async function deleteScreen(db: Db, kind: Kind, name: string, by: number) {
  const doc = await findDoc(db, kind, name);
  if (kind !== 'screen' || doc.seedHash !== '')
    throw new ApiError(E.CONFIG_SEEDED, { key: `${kind}/${name}` });
  const id = name.split('.').join('/');
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const routes = [
      ...new Set((await liveAndHead(tx, 'routes', 'routes')).flatMap((r) => routesShowing(r, id))),
    ];
    if (routes.length) {
      const layouts = await liveAndHead(tx, 'tabs', 'tabs');
      const tabs = [...new Set(layouts.flatMap((l) => tabsOpening(l, routes)))];
      throw new ApiError(E.CONFIG_IN_USE, { key: `${kind}/${name}`, routes, tabs });
    }
    const locked = await lockDoc(tx, doc.id);
    if (!locked) throw new ApiError(E.NOT_FOUND);
    await t.delete(configVersions).where(eq(configVersions.documentId, doc.id));
    await t.delete(configDocuments).where(eq(configDocuments.id, doc.id));
    const live = locked.publishedVersion ? ` (live v${locked.publishedVersion})` : '';
    await auditConfig(
      tx,
      by,
      'config.delete',
      kind,
      name,
      `v${locked.headVersion}${live}: ${docPath(kind, name)}`,
    );
    return { kind, name, key: `${kind}/${name}`, was_published: locked.publishedVersion > 0 };
  });
}
