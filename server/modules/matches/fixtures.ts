/**
 * Fixtures around a date. The generator lives in seed-fixtures.ts (with the calendar and lottery
 * numbering it uses) because the seed runs it first; a running feed calls refreshFixtures hourly so
 * each new day has its fixtures.
 */
import type { Db } from '../../db';
import { ensureFixtures } from './seed-fixtures';
import { applied } from './update-service';

export { ensureFixtures, startSomeMatchesNow, WINDOW_AFTER_DAYS, WINDOW_BEFORE_DAYS } from './seed-fixtures';

/** Tops up the fixtures of the coming days; the lists learn of new ones. */
export async function refreshFixtures(db: Db, now: Date): Promise<{ inserted: number }> {
  const r = await ensureFixtures(db, now);
  if (r.inserted) await applied(db, null, { matchId: 0 });
  return r;
}
