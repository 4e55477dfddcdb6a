/** The expert line shown on cards and lists: profile bits plus headline statistics. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertStats, experts, users } from '../../db/schema';
import { avatarUrl } from '../avatars';

export interface ExpertSummary {
  id: number;
  nickname: string;
  avatar: string;
  intro: string;
  predicted_count: number;
  predicted_hits: number;
  hit_rate: number;
  current_streak: number;
  best_streak: number;
}

/** Integer percent, 0 when nothing was settled yet. */
export const rate = (hits: number, count: number) => (count > 0 ? Math.round((hits * 100) / count) : 0);

export async function expertSummaries(db: Db, ids: number[]): Promise<Map<number, ExpertSummary>> {
  const out = new Map<number, ExpertSummary>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const [us, ex, st] = await Promise.all([
    db
      .select({
        id: users.id,
        userExternal: users.userExternal,
        nickname: users.nickname,
        avatar: users.avatar,
      })
      .from(users)
      .where(inArray(users.id, unique)),
    db
      .select({ id: experts.userId, intro: experts.intro })
      .from(experts)
      .where(inArray(experts.userId, unique)),
    db.select().from(expertStats).where(inArray(expertStats.expertId, unique)),
  ]);
  const intro = new Map(ex.map((e) => [e.id, e.intro]));
  const stats = new Map(st.map((s) => [s.expertId, s]));
  for (const u of us) {
    const s = stats.get(u.id);
    const count = s?.predictedCount ?? 0;
    const hits = s?.predictedHits ?? 0;
    out.set(u.id, {
      id: u.id,
      nickname: u.nickname,
      avatar: avatarUrl(u),
      intro: intro.get(u.id) ?? '',
      predicted_count: count,
      predicted_hits: hits,
      hit_rate: rate(hits, count),
      current_streak: s?.currentStreak ?? 0,
      best_streak: s?.bestStreak ?? 0,
    });
  }
  return out;
}
