/** The expert's own publish home (quota left today, stats) and the price tiers a plan may use. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db';
import { planPriceConfigs } from '../../db/schema';
import { expertSummaries } from '../experts/summary';
import { getBalances } from '../wallet/ledger';
import { getExpertState, isRealNameVerified } from './expert-state';
import { publishedToday } from './publish-service';
import { planRules } from './rules';

export async function priceConfigs(db: Db) {
  const list = await db
    .select()
    .from(planPriceConfigs)
    .orderBy(asc(planPriceConfigs.sort), asc(planPriceConfigs.price));
  return { list: list.map((p) => ({ id: p.id, price: p.price, free: p.price === 0 })) };
}

export async function planHome(db: Db, userId: number) {
  const rules = planRules();
  const [state, realName, today, summaries, balances] = await Promise.all([
    getExpertState(db, userId),
    isRealNameVerified(db, userId),
    publishedToday(db, userId),
    expertSummaries(db, [userId]),
    getBalances(db, userId),
  ]);
  return {
    expert_status: state.status,
    reason: state.reason ?? null,
    real_name_verified: realName,
    can_publish: state.status === 1 && realName,
    daily_quota: rules.dailyPublishQuota,
    published_today: today,
    remaining_today: Math.max(0, rules.dailyPublishQuota - today),
    income: balances.income,
    stats: summaries.get(userId) ?? null,
  };
}
