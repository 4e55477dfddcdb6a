/**
 * Demo fans who buy plans, follow and subscribe to the demo experts. Everything they do goes through
 * the real service paths (buyPlan, buyPackage, follow), so a plan's "N 人已購" is its orders, every
 * order is a ledger debit, an expert's income is the settlement's and subscriptions' ledger credits,
 * and follower counts are follow rows. Accounts +852 5900 0001... (code login, like the experts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { subPackages, users } from '../../db/schema';
import { setClock } from '../../http/clock';
import { newUserExternal } from '../auth';
import { buyPackage, buyPlan } from '../plans';
import { postLedger } from '../wallet';
import { follow } from './experts-service';

export const FAN_COUNT = 48;
const FAN_COINS = 5000;
const NAMES_A = ['阿', '小', '大', '肥', '靚仔', '球迷', '老', 'Ken', 'Jason', '波牛'];
const NAMES_B = ['明', '強', '杰', '輝', '仔', '文', '華', '偉', '朗', '森', '樂', 'Sir'];

export const fanPhone = (i: number) => `5900${String(i + 1).padStart(4, '0')}`;

/** Small deterministic generator so the demo data is the same on every fresh database. */
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The fans' user ids, creating and funding (through the ledger) whoever is missing. */
export async function seedFans(db: Db): Promise<number[]> {
  const phones = Array.from({ length: FAN_COUNT }, (_, i) => fanPhone(i));
  await db
    .insert(users)
    .values(
      phones.map((phone, i) => ({
        userExternal: newUserExternal(),
        areaCode: '852',
        phone,
        nickname: `${NAMES_A[i % NAMES_A.length]}${NAMES_B[(i * 7) % NAMES_B.length]}${i >= NAMES_A.length ? i : ''}`,
        city: '香港',
      })),
    )
    .onConflictDoNothing();
  const found = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.areaCode, '852'), inArray(users.phone, phones)));
  const byPhone = new Map(found.map((f) => [f.phone, f.id]));
  const ids = phones.map((p) => byPhone.get(p)).filter((id): id is number => id !== undefined);
  for (const [i, userId] of ids.entries())
    await postLedger(db, {
      userId,
      account: 'coins',
      amount: FAN_COINS,
      type: 'recharge',
      refType: 'demo',
      idempotencyKey: `seed:fan-coins:${phones[i]}`,
      memo: 'demo',
    });
  return ids;
}

/**
 * `buyers` fans buy the plan, each at a moment between its publication and its close: the clock is
 * set there for the purchase (buyPlan refuses a closed plan), so history plans are bought while they
 * were on sale and settle afterwards like any other.
 */
export async function seedPurchases(
  db: Db,
  plan: { id: number; createdAt: Date; closeAt: Date },
  fans: number[],
  buyers: number,
  rnd: () => number,
): Promise<void> {
  const order = [...fans];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.length = Math.min(order.length, buyers);
  const from = plan.createdAt.getTime();
  const span = Math.max(60_000, plan.closeAt.getTime() - from - 60_000);
  const real = Date.now();
  for (const [k, userId] of order.entries()) {
    const at = Math.min(from + ((k + 1) * span) / (order.length + 1), real);
    const reset = setClock(() => at);
    try {
      await buyPlan(db, plan.id, userId, `seed:${plan.id}:${userId}`);
    } finally {
      reset();
    }
  }
}

/** Follows in proportion to each expert's appeal, and a few 7-day subscriptions to the top two. */
export async function seedFollows(db: Db, experts: { id: number; appeal: number }[], fans: number[]) {
  const rnd = prng(4242);
  for (const fan of fans) for (const e of experts) if (rnd() < e.appeal) await follow(db, fan, e.id);
  const top = [...experts].sort((a, b) => b.appeal - a.appeal).slice(0, 2);
  for (const [i, e] of top.entries()) {
    const [pkg] = await db
      .select({ id: subPackages.id })
      .from(subPackages)
      .where(and(eq(subPackages.expertId, e.id), eq(subPackages.days, 7)));
    if (!pkg) continue;
    for (const fan of fans.slice(i * 4, i * 4 + 4))
      await buyPackage(db, fan, pkg.id, `seed:sub:${e.id}:${fan}`, false);
  }
}
