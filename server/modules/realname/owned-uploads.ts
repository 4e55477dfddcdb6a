import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { attachments } from '../../db/schema/content';
import { ApiError, E } from '../../http/errors';

/**
 * Every image a form references must be an upload of the caller (the attachments table), so nobody can
 * submit someone else's document photos. `images` maps the body's JSON pointer to the URL.
 */
export async function assertOwnUploads(
  db: Db,
  userId: number,
  images: Record<string, string>,
): Promise<void> {
  const urls = [...new Set(Object.values(images))];
  if (urls.length === 0) return;
  const rows = await db
    .select({ url: attachments.url })
    .from(attachments)
    .where(and(eq(attachments.userId, userId), inArray(attachments.url, urls)));
  const owned = new Set(rows.map((r) => r.url));
  for (const [pointer, url] of Object.entries(images)) {
    if (!owned.has(url)) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer, keyword: 'ownUpload' });
  }
}
