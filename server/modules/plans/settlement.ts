/**
 * Settlement: grade every plan whose matches are all over, then move the money — the expert's income
 * share, or a refund to every buyer when the plan expired (a match postponed/cancelled) or was not red
 * and promised a refund. Plans are claimed in batches with FOR UPDATE SKIP LOCKED inside the batch's
 * transaction, and every ledger entry has an idempotency key (per plan for income, per order for a
 * refund), so two nodes settling at once settle each plan exactly once. Every buyer gets a system
 * message with the result in the same transaction (settle-notices.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now } from '../../http/clock';
import { type LedgerBatchEntry, postLedgerEntries } from './ledger-batch';
import { type PlayType, pickHits } from './play-types';
import { planRules } from './rules';
import { type Graded, noticeBuyers } from './settle-notices';

const TERMINAL = sql`(10, 13, 14, 16, 20)`;

export interface SettleReport {
  settled: number;
  expired: number;
  refunds: number;
  incomes: number;
  experts: number[];
  /** buyers told of a result (system messages): their unread counts want a push */
  told: number[];
}

/** Settles due plans (of one match, or all) in batches until none is left; returns what it did. */
export async function settleDue(
  db: Db,
  opts: { matchId?: number; batch?: number } = {},
): Promise<SettleReport> {
  const report: SettleReport = { settled: 0, expired: 0, refunds: 0, incomes: 0, experts: [], told: [] };
  const experts = new Set<number>();
  const told = new Set<number>();
  for (;;) {
    const done = await db.transaction((tx) => settleBatch(tx, opts.matchId, opts.batch ?? 250));
    if (!done) break;
    report.settled += done.settled;
    report.expired += done.expired;
    report.refunds += done.refunds;
    report.incomes += done.incomes;
    for (const e of done.experts) experts.add(e);
    for (const u of done.told) told.add(u);
  }
  report.experts = [...experts];
  report.told = [...told];
  return report;
}

async function settleBatch(tx: Db, matchId: number | undefined, size: number): Promise<SettleReport | null> {
  const onMatch = matchId
    ? sql`and p.id in (select plan_id from plan_matches where match_id = ${matchId})`
    : sql``;
  const claimed = await rows(
    tx,
    sql`select p.id, p.expert_id, p.title, p.play_type, p.refund_if_not_red, p.close_at
        from plans p
        where p.settle_state = 0 ${onMatch}
          and not exists (select 1 from plan_matches pm join matches m on m.id = pm.match_id
                          where pm.plan_id = p.id and m.status not in ${TERMINAL})
        order by p.close_at, p.id
        limit ${size}
        for update of p skip locked`,
  );
  if (!claimed.length) return null;
  const ids = claimed.map((r) => Number(r.id));
  const idList = sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;
  const lines = await rows(
    tx,
    sql`select pm.plan_id, pm.match_id, pm.picks, pm.handicap, m.status, m.home_score, m.away_score,
               m.home_half_score, m.away_half_score
        from plan_matches pm join matches m on m.id = pm.match_id
        where pm.plan_id = any(${idList})`,
  );
  const byPlan = new Map<number, Row[]>();
  for (const l of lines) byPlan.set(Number(l.plan_id), [...(byPlan.get(Number(l.plan_id)) ?? []), l]);

  const planIds: number[] = [];
  const states: number[] = [];
  const hits: (boolean | null)[] = [];
  const lineKeys: string[] = [];
  const lineHits: boolean[] = [];
  const refundPlans: number[] = [];
  const incomePlans: number[] = [];
  const outcomes: { expertId: number; hit: boolean }[] = [];
  const graded: Graded[] = [];
  for (const p of claimed) {
    const id = Number(p.id);
    const ls = byPlan.get(id) ?? [];
    const expired = ls.length === 0 || ls.some((l) => Number(l.status) !== 10);
    let hit: boolean | null = null;
    if (!expired) {
      hit = true;
      for (const l of ls) {
        const h = pickHits(
          p.play_type as PlayType,
          l.picks as string[],
          {
            homeScore: Number(l.home_score),
            awayScore: Number(l.away_score),
            homeHalfScore: l.home_half_score === null ? null : Number(l.home_half_score),
            awayHalfScore: l.away_half_score === null ? null : Number(l.away_half_score),
          },
          l.handicap === null ? null : Number(l.handicap),
        );
        lineKeys.push(`${id}:${l.match_id}`);
        lineHits.push(h);
        if (!h) hit = false;
      }
      outcomes.push({ expertId: Number(p.expert_id), hit });
    }
    graded.push({ id, expertId: Number(p.expert_id), title: String(p.title), expired, hit });
    planIds.push(id);
    states.push(expired ? 2 : 1);
    hits.push(hit);
    if (expired || (!hit && p.refund_if_not_red)) refundPlans.push(id);
    else incomePlans.push(id);
  }

  await tx.execute(sql`
    update plans p set settle_state = v.s, hit = v.h, settled_at = now()
    from unnest(${toArray(planIds, 'int')}, ${toArray(states, 'int2')}, ${toArray(hits, 'bool')}) as v(id, s, h)
    where p.id = v.id`);
  if (lineKeys.length) {
    await tx.execute(sql`
      update plan_matches pm set hit = v.h
      from unnest(${toArray(lineKeys, 'text')}, ${toArray(lineHits, 'bool')}) as v(k, h)
      where pm.plan_id = split_part(v.k, ':', 1)::int and pm.match_id = split_part(v.k, ':', 2)::int`);
  }

  const entries: LedgerBatchEntry[] = [];
  if (refundPlans.length) {
    const refunded = await rows(
      tx,
      sql`update plan_orders set state = 1
          where plan_id = any(${toArray(refundPlans, 'int')}) and state = 0 and price > 0
          returning id, plan_id, user_id, price`,
    );
    for (const o of refunded)
      entries.push({
        userId: Number(o.user_id),
        account: 'coins',
        amount: Number(o.price),
        type: 'refund',
        refType: 'plan_order',
        refId: String(o.id),
        idempotencyKey: `plan-refund:${o.id}`,
        memo: `plan ${o.plan_id}`,
      });
  }
  let incomes = 0;
  if (incomePlans.length) {
    const share = planRules().expertSharePercent;
    const sales = await rows(
      tx,
      sql`select p.id, p.expert_id, coalesce(sum(o.price), 0)::int as total
          from plans p join plan_orders o on o.plan_id = p.id and o.state = 0
          where p.id = any(${toArray(incomePlans, 'int')})
          group by p.id, p.expert_id`,
    );
    for (const s of sales) {
      const amount = Math.floor((Number(s.total) * share) / 100);
      if (amount <= 0) continue;
      incomes++;
      entries.push({
        userId: Number(s.expert_id),
        account: 'income',
        amount,
        type: 'expert_income',
        refType: 'plan',
        refId: String(s.id),
        idempotencyKey: `plan-income:${s.id}`,
        memo: `plan ${s.id}`,
      });
    }
  }
  await postLedgerEntries(tx, entries);
  await recordOutcomes(tx, outcomes);
  const told = await noticeBuyers(tx, graded, now());
  return {
    settled: states.filter((s) => s === 1).length,
    expired: states.filter((s) => s === 2).length,
    refunds: entries.filter((e) => e.type === 'refund').length,
    incomes,
    experts: [...new Set(claimed.map((p) => Number(p.expert_id)))],
    told,
  };
}

/** Adds settled outcomes (in kick-off order) to each expert's counters and streaks. */
async function recordOutcomes(tx: Db, outcomes: { expertId: number; hit: boolean }[]): Promise<void> {
  const byExpert = new Map<number, boolean[]>();
  for (const o of outcomes) byExpert.set(o.expertId, [...(byExpert.get(o.expertId) ?? []), o.hit]);
  for (const [expertId, list] of byExpert) {
    await tx.execute(sql`insert into expert_stats (expert_id) values (${expertId}) on conflict do nothing`);
    const [cur] = await rows(
      tx,
      sql`select current_streak, best_streak from expert_stats where expert_id = ${expertId} for update`,
    );
    let streak = Number(cur.current_streak);
    let best = Number(cur.best_streak);
    for (const h of list) {
      streak = h ? streak + 1 : 0;
      best = Math.max(best, streak);
    }
    const hitsN = list.filter(Boolean).length;
    await tx.execute(sql`
      update expert_stats set predicted_count = predicted_count + ${list.length},
        predicted_hits = predicted_hits + ${hitsN}, current_streak = ${streak}, best_streak = ${best},
        updated_at = now()
      where expert_id = ${expertId}`);
  }
}

function toArray(values: (number | string | boolean | null)[], type: 'int' | 'int2' | 'bool' | 'text') {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}
