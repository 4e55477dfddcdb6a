/**
 * A points exchange's states and the ONE table of transitions allowed between them (like the mall
 * order's, server/modules/orders/state-machine.ts). Every status change after creation goes through
 * `exchangeTransition()`: a conditional UPDATE on the states the table allows, under the row lock the
 * caller holds, in the caller's transaction. Anything not in the table is refused with
 * POINTS_EXCHANGE_STATE (150603), whoever asks.
 *
 *   pending_payment --pay--> pending_shipment (physical) | completed (coupon, perk)
 *   pending_shipment --ship--> shipped --confirm (the fan) / auto_confirm (the timer)--> completed
 *   pending_payment --cancel / timeout--> closed
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';

export const EXCHANGE_STATES = [
  'pending_payment',
  'pending_shipment',
  'shipped',
  'completed',
  'closed',
] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];

export const EXCHANGE_TRANSITIONS = {
  pay: { from: ['pending_payment'], to: ['pending_shipment', 'completed'], actors: ['gateway'] },
  ship: { from: ['pending_shipment'], to: ['shipped'], actors: ['merchant'] },
  confirm: { from: ['shipped'], to: ['completed'], actors: ['user'] },
  auto_confirm: { from: ['shipped'], to: ['completed'], actors: ['system'] },
  cancel: { from: ['pending_payment'], to: ['closed'], actors: ['user'] },
  timeout: { from: ['pending_payment'], to: ['closed'], actors: ['system'] },
} as const satisfies Record<
  string,
  { from: readonly ExchangeState[]; to: readonly ExchangeState[]; actors: readonly string[] }
>;
export type ExchangeEvent = keyof typeof EXCHANGE_TRANSITIONS;

/** whether `event` may leave `state` */
export const exchangeAllows = (event: ExchangeEvent, state: string) =>
  (EXCHANGE_TRANSITIONS[event].from as readonly string[]).includes(state);

/**
 * Moves exchange `id` by `event` to `to` (one the table lists) if its status allows it; `set` adds the
 * event's own columns. Refused (150603) when the row is in another state.
 */
export async function exchangeTransition(
  tx: Db,
  id: number,
  event: ExchangeEvent,
  to: ExchangeState,
  set = sql``,
): Promise<void> {
  const t = EXCHANGE_TRANSITIONS[event];
  if (!(t.to as readonly string[]).includes(to)) throw new ApiError(E.POINTS_EXCHANGE_STATE);
  const from = sql.join(
    t.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const done = await rows(
    tx,
    sql`update points_exchanges set status = ${to} ${set} where id = ${id} and status in (${from}) returning id`,
  );
  if (!done.length) throw new ApiError(E.POINTS_EXCHANGE_STATE);
}
