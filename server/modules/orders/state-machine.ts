/**
 * The mall order's states (spec §4) and the ONE table of transitions allowed between them. Every status
 * change goes through `transition()`: a conditional UPDATE on the status the table allows (under the row
 * lock the caller holds), plus an audit row, in the caller's transaction. Anything not in the table is
 * refused with ORDER_STATE (110306), whoever asks.
 *
 *   pending_payment --pay--> pending_shipment --ship--> pending_receipt --confirm/auto_confirm-->
 *   pending_review --review/auto_complete--> completed;   pending_payment --cancel/auto_cancel--> closed.
 *
 * "Confirmed received" is the pending_review state's meaning (the buyer has it; a review is due), shown as
 * such on the timeline. Refunding belongs to after-sales (server/modules/aftersales): refund_apply from a
 * paid state, refund_done → closed when the money is back, refund_reject / refund_withdraw back to the
 * state the order had when the buyer applied (the caller names it; it must be one the table lists).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { commissionOnTransition } from '../promo';

export const ORDER_STATES = [
  'pending_payment',
  'pending_shipment',
  'pending_receipt',
  'pending_review',
  'completed',
  'closed',
  'refunding',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type Actor = 'user' | 'system' | 'gateway' | 'merchant';

export interface Transition {
  from: readonly OrderState[];
  /** one state, or the states it may go back to (the caller names which: the one recorded before) */
  to: OrderState | readonly OrderState[];
  /** who may take it */
  actors: readonly Actor[];
}

export const TRANSITIONS = {
  pay: { from: ['pending_payment'], to: 'pending_shipment', actors: ['gateway'] },
  cancel: { from: ['pending_payment'], to: 'closed', actors: ['user'] },
  auto_cancel: { from: ['pending_payment'], to: 'closed', actors: ['system'] },
  ship: { from: ['pending_shipment'], to: 'pending_receipt', actors: ['merchant'] },
  confirm: { from: ['pending_receipt'], to: 'pending_review', actors: ['user'] },
  auto_confirm: { from: ['pending_receipt'], to: 'pending_review', actors: ['system'] },
  review: { from: ['pending_review'], to: 'completed', actors: ['user', 'system'] },
  // the review window ran out without a review: completed all the same (order points and commission due)
  auto_complete: { from: ['pending_review'], to: 'completed', actors: ['system'] },
  refund_apply: {
    from: ['pending_shipment', 'pending_receipt', 'pending_review', 'completed'],
    to: 'refunding',
    actors: ['user'],
  },
  refund_done: { from: ['refunding'], to: 'closed', actors: ['merchant', 'system'] },
  // one line refunded, others left: the order goes back to where it was when the buyer applied
  refund_partial: {
    from: ['refunding'],
    to: ['pending_shipment', 'pending_receipt', 'pending_review', 'completed'],
    actors: ['merchant', 'system'],
  },
  // a refused or withdrawn application puts the order back where it was when the buyer applied
  refund_reject: {
    from: ['refunding'],
    to: ['pending_shipment', 'pending_receipt', 'pending_review', 'completed'],
    actors: ['merchant'],
  },
  refund_withdraw: {
    from: ['refunding'],
    to: ['pending_shipment', 'pending_receipt', 'pending_review', 'completed'],
    actors: ['user'],
  },
} as const satisfies Record<string, Transition>;

export type OrderEvent = keyof typeof TRANSITIONS;

/** the events that may leave `state` (for the client's buttons and the tests) */
export function eventsFrom(state: OrderState): OrderEvent[] {
  return (Object.keys(TRANSITIONS) as OrderEvent[]).filter((e) =>
    (TRANSITIONS[e].from as readonly OrderState[]).includes(state),
  );
}

export function allowed(event: OrderEvent, from: string, actor: Actor): boolean {
  const t: Transition = TRANSITIONS[event];
  return (t.from as readonly string[]).includes(from) && t.actors.includes(actor);
}

/**
 * Moves order `orderId` by `event` inside transaction `tx` (the caller has locked the row), with its
 * audit row; `set` adds columns to the same UPDATE (paid_at, close_reason...). Refuses (110306) an
 * event the table does not allow from the order's current state or for this actor.
 */
export async function transition(
  tx: Db,
  orderId: number,
  event: OrderEvent,
  actor: Actor,
  set: ReturnType<typeof sql>[] = [],
  target?: OrderState,
): Promise<{ from: OrderState; to: OrderState }> {
  const t: Transition = TRANSITIONS[event];
  if (!t.actors.includes(actor)) throw new ApiError(E.ORDER_STATE);
  const to = targetOf(t, target);
  const at = now();
  const from = sql.join(
    t.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const sets = [sql`status = ${to}`, sql`updated_at = ${at}`, ...set];
  const changed = await rows(
    tx,
    sql`update shop_orders o set ${sql.join(sets, sql`, `)}
        from (select id, status as before from shop_orders where id = ${orderId}) b
        where o.id = b.id and o.status in (${from})
        returning b.before, o.sharer_id`,
  );
  if (changed.length !== 1) throw new ApiError(E.ORDER_STATE);
  const before = String(changed[0].before) as OrderState;
  await tx.execute(
    sql`insert into shop_order_events (order_id, event, from_status, to_status, actor, created_at)
        values (${orderId}, ${event}, ${before}, ${to}, ${actor}, ${at})`,
  );
  // an order bought through a share link moves its sharer's commission in the same transaction
  if (changed[0].sharer_id !== null && changed[0].sharer_id !== undefined)
    await commissionOnTransition(tx, orderId, to, event);
  for (const listener of listeners.values()) await listener(tx, { orderId, event, from: before, to, actor });
  return { from: before, to };
}

export interface OrderTransition {
  orderId: number;
  event: OrderEvent;
  from: OrderState;
  to: OrderState;
  actor: Actor;
}
/** runs inside the transition's transaction: its writes commit with the move, its error rolls it back */
export type TransitionListener = (tx: Db, t: OrderTransition) => Promise<void>;
const listeners = new Map<string, TransitionListener>();

/**
 * Another module's reaction to order moves (the points store credits a completed order), by name so a
 * second registration (a second app in one process) replaces the first instead of running twice.
 */
export function onOrderTransition(name: string, listener: TransitionListener): void {
  listeners.set(name, listener);
}

/** the state a transition leads to: its one state, or `target` when it is one of the states it lists */
export function targetOf(t: Transition, target?: OrderState): OrderState {
  if (typeof t.to === 'string') {
    if (target !== undefined && target !== t.to) throw new ApiError(E.ORDER_STATE);
    return t.to;
  }
  if (target === undefined || !t.to.includes(target)) throw new ApiError(E.ORDER_STATE);
  return target;
}
