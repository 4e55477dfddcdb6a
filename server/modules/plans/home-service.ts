/** The expert's own publish home (quota left today, stats) and the price tiers a plan may use. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db';
import { planPriceConfigs } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { getBalances } from '../wallet';
import { getExpertState, isRealNameVerified } from './expert-state';
import { expertSummaries } from './expert-summary';
import { publishedToday } from './publish-service';
import { planRules } from './rules';

const COINS: Record<Lang, [string, string]> = {
  zhhk: ['免費', '雲幣'],
  zhcn: ['免费', '云币'],
  zhtw: ['免費', '雲幣'],
};

export async function priceConfigs(db: Db, lang: Lang = 'zhhk') {
  const list = await db
    .select()
    .from(planPriceConfigs)
    .orderBy(asc(planPriceConfigs.sort), asc(planPriceConfigs.price));
  const [free, coins] = COINS[lang];
  // value/label pairs so a picker can list the tiers as they are
  return {
    list: list.map((p) => ({
      id: p.id,
      price: p.price,
      free: p.price === 0,
      value: p.price,
      label: p.price === 0 ? free : `${p.price} ${coins}`,
    })),
  };
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
