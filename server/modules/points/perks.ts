/**
 * The perks a points exchange grants, as other modules show them (one small hook each, no logic of
 * theirs changed): `gold_badge` beside the fan's name (chat lines, their own page and public profile),
 * `ad_free` hiding the app's promotional banners for them. Both are read on the app clock, so a perk
 * ends by itself when its time is up.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import type { AppDeps } from '../../http/deps';

export interface PerkFlags {
  gold_badge: boolean;
  ad_free: boolean;
}

/** the perks user `userId` has running now */
export async function perkFlags(db: Db, userId: number): Promise<PerkFlags> {
  const found = await rows(
    db,
    sql`select perk from points_user_perks where user_id = ${userId} and expires_at > ${now()}`,
  );
  const has = new Set(found.map((r) => String(r.perk)));
  return { gold_badge: has.has('gold_badge'), ad_free: has.has('ad_free') };
}

/** a select column: whether the user in `userId` (a column or expression) wears the gold badge now */
export function goldBadgeSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from points_user_perks pk where pk.user_id = ${userId}
    and pk.perk = 'gold_badge' and pk.expires_at > ${now()})`;
}

/**
 * Tells the fan's open tabs and devices that their perks changed (one bought, one run out): a notice on
 * their own topic, on which the app reads their account again (a badge or an ad-free page shows at once,
 * without signing in again). A failed push loses nothing: the next read answers the truth.
 */
export async function perksChanged(deps: Pick<AppDeps, 'hub'>, userIds: number[]): Promise<void> {
  await Promise.all(
    [...new Set(userIds)].map((id) =>
      deps.hub.publish(`user:${id}`, { kind: 'notice', topic: 'perks' }).catch(() => {}),
    ),
  );
}

/** the fans whose perks ran out in (since, until] of the app clock */
export async function perksEnded(db: Db, since: Date, until: Date): Promise<number[]> {
  const found = await rows(
    db,
    sql`select distinct user_id from points_user_perks where expires_at > ${since} and expires_at <= ${until}`,
  );
  return found.map((r) => Number(r.user_id));
}
