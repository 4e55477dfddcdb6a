/**
 * What a settlement tells the buyers (system messages through the messages module's face, written in
 * the batch's transaction so a plan is announced exactly when it is graded): red, black, black with the
 * promised refund, or void (a match postponed or cancelled) with the refund. The expert is the actor, so
 * the message shows who wrote the plan and opens it; params carry the plan's title and the coins back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { type NewMessage, sendMessages } from '../messages';

export interface Graded {
  id: number;
  expertId: number;
  title: string;
  expired: boolean;
  hit: boolean | null;
}

/** Writes one message per buyer of each graded plan; answers the users told (to push their counts). */
export async function noticeBuyers(tx: Db, graded: Graded[], at: Date): Promise<number[]> {
  if (!graded.length) return [];
  const ids = sql`array[${sql.join(
    graded.map((g) => sql`${g.id}`),
    sql`, `,
  )}]::int[]`;
  const orders = await rows(
    tx,
    sql`select plan_id, user_id, price, state from plan_orders where plan_id = any(${ids}) order by id`,
  );
  const byId = new Map(graded.map((g) => [g.id, g]));
  const list: NewMessage[] = [];
  for (const o of orders) {
    const plan = byId.get(Number(o.plan_id));
    if (!plan) continue;
    const refunded = Number(o.state) === 1;
    const kind = plan.expired
      ? 'plan_void'
      : plan.hit
        ? 'plan_red'
        : refunded
          ? 'plan_black_refund'
          : 'plan_black';
    list.push({
      userId: Number(o.user_id),
      category: 'system',
      kind,
      actorId: plan.expertId,
      targetType: 'plan',
      targetId: plan.id,
      // the plan's title is the expert's own text: every reader sees it as typed (no conversion)
      params: { title: plan.title, coins: refunded ? Number(o.price) : 0 },
      at,
    });
  }
  return sendMessages(tx, list);
}
