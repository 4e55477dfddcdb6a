import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { protocols } from '../../db/schema/content';
import type { Lang } from '../../http/i18n';
import { localeText } from '../../providers/locale-text';
import type { ProtocolType } from './protocol-types';
import { sanitizeProtocolHtml } from './sanitize-protocol';

export interface ProtocolDoc {
  type: ProtocolType;
  title: string;
  content: string;
}

/**
 * The only writer of the protocols table: content is sanitized here, so seed data, the operator
 * console and any later import all store inert HTML. `onlyIfMissing` keeps operator edits on re-seed.
 */
export async function saveProtocol(
  db: Db,
  doc: { type: ProtocolType; lang: Lang; title?: string | null; content: string },
  opts: { onlyIfMissing?: boolean } = {},
): Promise<void> {
  const row = {
    type: doc.type,
    lang: doc.lang,
    title: doc.title?.trim() || localeText(doc.lang, `protocols.titles.${doc.type}`),
    content: sanitizeProtocolHtml(doc.content),
  };
  const insert = db.insert(protocols).values(row);
  if (opts.onlyIfMissing) {
    await insert.onConflictDoNothing();
  } else {
    await insert.onConflictDoUpdate({
      target: [protocols.type, protocols.lang],
      set: { title: row.title, content: row.content, updatedAt: sql`now()` },
    });
  }
}

/** The document in the wanted language, else zh-HK, else any language; null when there is none. */
export async function findProtocol(db: Db, type: ProtocolType, lang: Lang): Promise<ProtocolDoc | null> {
  const rows = await db.select().from(protocols).where(eq(protocols.type, type));
  const pick = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'zhhk') ?? rows[0];
  return pick ? { type, title: pick.title, content: pick.content } : null;
}
