/**
 * Demo experts marketplace: a handful of approved experts (demo accounts +852 6000000N, code login),
 * price tiers, subscription packages, ads, and — when the football seed has matches — a settled plan
 * history on finished matches and open plans on upcoming ones (seed-plans.ts), bought, followed and
 * subscribed to by demo fans through the real service paths (seed-fans.ts). Inserted only where
 * missing; an expert who already has plans is left alone.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertAds, experts, planPriceConfigs, subPackages, users } from '../../db/schema';
import { findUser, newUserExternal, phoneTarget } from '../auth';
import { seedFans, seedFollows } from './seed-fans';
import { type DemoExpert, hasPlans, PRICE_TIERS, type Style, seedExpertPlans } from './seed-plans';

export { PRICE_TIERS };

export const DEMO_EXPERTS: {
  phone: string;
  nickname: string;
  intro: string;
  skill: number;
  style: Style;
  appeal: number;
}[] = [
  {
    phone: '60000001',
    nickname: '波神老陳',
    intro: '十年英超數據分析，專注勝平負',
    skill: 0.68,
    style: 'form',
    appeal: 0.7,
  },
  {
    phone: '60000002',
    nickname: '任九王',
    intro: '足彩任九老手，穩字當頭',
    skill: 0.6,
    style: 'nine',
    appeal: 0.45,
  },
  {
    phone: '60000003',
    nickname: '亞盤阿John',
    intro: '讓球盤口專家，睇盤不睇名',
    skill: 0.55,
    style: 'handicap',
    appeal: 0.35,
  },
  {
    phone: '60000004',
    nickname: '數據派小美',
    intro: '用數字說話的模型玩家',
    skill: 0.62,
    style: 'model',
    appeal: 0.55,
  },
  {
    phone: '60000005',
    nickname: '冷門獵人',
    intro: '專抓冷門，高賠博大',
    skill: 0.4,
    style: 'upset',
    appeal: 0.25,
  },
];

export async function seedExperts(db: Db): Promise<void> {
  await db
    .insert(planPriceConfigs)
    .values(PRICE_TIERS.map((price, i) => ({ price, sort: i })))
    .onConflictDoNothing();
  const [ad] = await db.select({ id: expertAds.id }).from(expertAds).limit(1);
  if (!ad)
    await db.insert(expertAds).values([
      { image: '/banners/rank.svg', titleKey: 'experts.ads.rank', link: '/specialist/rank', sort: 1 },
      { image: '/banners/free.svg', titleKey: 'experts.ads.free', link: '/experts/free/list', sort: 2 },
      { image: '/banners/nine.svg', titleKey: 'experts.ads.nine', link: '/experts/nine/list', sort: 3 },
    ]);

  const demo: DemoExpert[] = [];
  for (const [index, d] of DEMO_EXPERTS.entries()) {
    const target = phoneTarget('852', d.phone);
    let user = await findUser(db, target);
    if (!user) {
      [user] = await db
        .insert(users)
        .values({
          userExternal: newUserExternal(),
          areaCode: '852',
          phone: d.phone,
          nickname: d.nickname,
          desc: d.intro,
          city: '香港',
        })
        .onConflictDoNothing()
        .returning();
      if (!user) user = await findUser(db, target);
      if (!user) continue;
    }
    const expertId = user.id;
    await db
      .insert(experts)
      .values({ userId: expertId, status: 'approved', intro: d.intro })
      .onConflictDoNothing();
    const [pkg] = await db
      .select({ id: subPackages.id })
      .from(subPackages)
      .where(eq(subPackages.expertId, expertId));
    if (!pkg)
      await db.insert(subPackages).values([
        { expertId, days: 7, price: 88 },
        { expertId, days: 30, price: 288 },
      ]);
    demo.push({ id: expertId, index, skill: d.skill, style: d.style, appeal: d.appeal });
  }
  // an expert who already has plans is left alone (a reopened database keeps its history)
  const done = await hasPlans(
    db,
    demo.map((e) => e.id),
  );
  const todo = demo.filter((e) => !done.has(e.id));
  if (!todo.length) return;
  const fans = await seedFans(db);
  for (const e of todo) await seedExpertPlans(db, e, fans, DEMO_EXPERTS.length);
  await seedFollows(db, todo, fans);
}

/** Ids of the demo experts that exist (tests and the journey use them). */
export async function demoExpertIds(db: Db): Promise<number[]> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.areaCode, '852'),
        inArray(
          users.phone,
          DEMO_EXPERTS.map((d) => d.phone),
        ),
      ),
    );
  return found.map((f) => f.id);
}
