import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema/auth';
import { chatBlocks } from '../../db/schema/chat';
import { attachments } from '../../db/schema/content';
import type { UsersUpdateBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';

type UserRow = typeof users.$inferSelect;

const MAX_SERIAL = 2_147_483_647;

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** `ref` is the numeric id or the public user_external. */
export async function findUserByRef(db: Db, ref: string): Promise<UserRow | null> {
  if (/^\d{1,10}$/.test(ref)) {
    const id = Number(ref);
    return id > 0 && id <= MAX_SERIAL ? findUserById(db, id) : null;
  }
  const [row] = await db.select().from(users).where(eq(users.userExternal, ref));
  return row ?? null;
}

function badField(field: string): ApiError {
  return new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/${field}`, keyword: 'value' });
}

/**
 * Applies a schema-valid patch to the caller's own row. Text is trimmed (a nickname of spaces is
 * rejected); images must be uploads of this same user, so nobody can point a profile at other content.
 */
export async function updateProfile(db: Db, userId: number, patch: UsersUpdateBody): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (patch.nickname !== undefined) {
    const nickname = patch.nickname.trim();
    const length = [...nickname].length;
    if (length < 1 || length > 20) throw badField('nickname');
    set.nickname = nickname;
  }
  if (patch.desc !== undefined) set.desc = patch.desc.trim();
  if (patch.gender !== undefined) set.gender = patch.gender;
  if (patch.province !== undefined) set.province = patch.province.trim();
  if (patch.city !== undefined) set.city = patch.city.trim();

  const images = { avatar: patch.avatar, cover_url: patch.cover_url };
  const urls = Object.values(images).filter((u): u is string => !!u);
  if (urls.length) {
    const owned = await db
      .select({ url: attachments.url })
      .from(attachments)
      .where(and(eq(attachments.userId, userId), inArray(attachments.url, urls)));
    const ownedUrls = new Set(owned.map((r) => r.url));
    for (const [field, url] of Object.entries(images)) if (url && !ownedUrls.has(url)) throw badField(field);
  }
  if (images.avatar !== undefined) set.avatar = images.avatar;
  if (images.cover_url !== undefined) set.coverUrl = images.cover_url;

  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new ApiError(E.NOT_LOGGED_IN);
  return row;
}

/**
 * True when either user blocked the other. Read straight from the chat module's table (read only: the
 * chat module owns and writes it; importing it would make chat and users import each other).
 */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.userId, a), eq(chatBlocks.blockedUserId, b)),
        and(eq(chatBlocks.userId, b), eq(chatBlocks.blockedUserId, a)),
      ),
    )
    .limit(1);
  return !!row;
}
