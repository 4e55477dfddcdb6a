/** Each fan's share code: made on first ask, then the same for good (links already sent keep working). */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export async function shareCodeOf(db: Db, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [r] = await rows(
      db,
      sql`with ins as (
            insert into promo_share_codes (user_id, code) values (${userId}, ${newCode()})
            on conflict do nothing returning code)
          select code from ins union all
          select code from promo_share_codes where user_id = ${userId} and not exists (select 1 from ins)`,
    );
    // no row: the random code was taken by someone else (and the user has none yet): draw again
    if (r) return String(r.code);
  }
  throw new Error('promo: could not draw a free share code');
}
