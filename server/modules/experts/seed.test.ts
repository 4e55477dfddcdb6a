/**
 * The demo marketplace agrees with itself and with its matches: plan texts back their picks, sales are
 * ledger debits, followers are follow rows, income is settlement and subscription credits, and every
 * list the experts tab features has experts in it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { type TestApp, withTestApp } from '../../test/harness';

let t: TestApp;
withTestApp((a) => {
  t = a;
});

// words that speak well of a side; a clause naming the side the plan does not back never has them
const PRAISE = [
  '狀態火熱',
  '狀態正佳',
  '狀態穩定',
  '攻力',
  '火力',
  '進攻效率高',
  '防守穩固',
  '主場之利',
  '地利',
  '佔優',
  '占優',
  '看好',
  '氣勢',
  '值博',
  '投報率',
];

const clauses = (text: string) => text.split(/[，。；\n（）：]/).filter(Boolean);

describe('seeded plans', () => {
  it('title and analysis back the pick (never praise the side not picked); titles vary', async () => {
    const plans = await rows(
      t.db,
      sql`select p.id, p.title, p.content, p.texts, pm.picks, th.short_zhhk as home, ta.short_zhhk as away
          from plans p join plan_matches pm on pm.plan_id = p.id join matches m on m.id = pm.match_id
          join teams th on th.id = m.home_team_id join teams ta on ta.id = m.away_team_id
          where p.play_type in ('spf', 'rqspf')`,
    );
    expect(plans.length).toBeGreaterThan(20);
    for (const p of plans) {
      const pick = (p.picks as string[])[0];
      const home = String(p.home);
      const away = String(p.away);
      const others = pick === '3' ? [away] : pick === '0' ? [home, '主隊'] : [];
      const backed = pick === '3' ? home : pick === '0' ? away : null;
      for (const text of [String(p.title), String(p.content)])
        for (const c of clauses(text))
          for (const side of others)
            if (c.includes(side) && !(backed && c.includes(backed)))
              expect(
                PRAISE.filter((w) => c.includes(w)),
                `plan ${p.id} (${pick}): ${c}`,
              ).toEqual([]);
      // a draw pick praises neither side alone
      if (pick === '1')
        for (const c of clauses(String(p.content)))
          if (c.includes(home) !== c.includes(away))
            expect(
              PRAISE.filter((w) => c.includes(w)),
              `plan ${p.id}: ${c}`,
            ).toEqual([]);
      const label = pick === '3' ? '主勝' : pick === '0' ? '客勝' : '平';
      expect(String(p.content)).toContain(`推介：${label}`);
      expect(`${p.title}`.includes(home) || `${p.title}`.includes(away), `plan ${p.id} title`).toBe(true);
      const texts = p.texts as Record<string, { title: string; content: string }>;
      expect(texts.zhcn.content).toContain('推荐：');
      expect(texts.zhtw.content).toContain('推薦：');
    }
    const titles = new Set(plans.map((p) => String(p.title)));
    expect(titles.size).toBeGreaterThan(plans.length * 0.8);
  });

  it('sales are orders, and every paid order is one ledger debit', async () => {
    const [bad] = await rows(
      t.db,
      sql`select count(*)::int as n from plans p
          where p.buy_count <> (select count(*) from plan_orders o where o.plan_id = p.id)
             or p.buy_count <> (select count(*) from plan_orders o where o.plan_id = p.id and (o.price = 0 or exists (
                  select 1 from ledger_entries l where l.type = 'plan_purchase' and l.ref_type = 'plan_order'
                    and l.ref_id = o.id::text and l.amount = -o.price)))`,
    );
    expect(bad.n).toBe(0);
    const [sold] = await rows(t.db, sql`select coalesce(sum(buy_count), 0)::int as n from plans`);
    expect(sold.n).toBeGreaterThan(50);
  });

  it('expert income is what settlement and subscriptions credited', async () => {
    const r = await t.loginByPhone('60000001');
    const centre = await t.call('GET', '/mdr/api/v1/user/expert/home', { token: r.token });
    const [credited] = await rows(
      t.db,
      sql`select coalesce(sum(amount), 0)::int as n from ledger_entries
          where user_id = ${r.userId} and account = 'income' and type = 'expert_income'`,
    );
    expect(credited.n).toBeGreaterThan(0);
    expect(centre.data.income).toBe(credited.n);
  });

  it('followers are follow rows, and every featured list has experts', async () => {
    const token = await t.token();
    for (const type of ['all', 'hot', 'nine', 'free']) {
      const r = await t.call('GET', `/mdr/api/v1/user/experts?type=${type}&page=1&size=20`, { token });
      expect(r.data.list.length, type).toBeGreaterThan(0);
      for (const e of r.data.list) {
        const [f] = await rows(
          t.db,
          sql`select count(*)::int as n from expert_follows where expert_id = ${e.id}`,
        );
        expect(e.followers).toBe(f.n);
        expect(e.followers).toBeGreaterThan(0);
      }
    }
    const rank = await t.call('GET', '/mdr/api/v1/experts/rankings?period=week&size=10', { token });
    expect(rank.data.list.length).toBeGreaterThan(0);
  });
});
