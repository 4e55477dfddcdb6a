/**
 * Orders, who may do what: another fan's orders are not found whatever is asked of them; the state
 * machine has a label for every state and event, and no route takes a transition its table does not
 * hold, from any state a fan can reach.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { E } from '../../http/errors';
import type { TestApp } from '../../test/harness';
import { key, orderKit, P } from '../../test/order-steps';
import { allowed, eventsFrom, ORDER_STATES, shipOrder, TRANSITIONS } from '.';

let t: TestApp;
let skuA: number;
const { kit, steps, order } = orderKit();
const { callback, fan, setStock } = steps;

beforeAll(() => {
  t = kit.t;
  [skuA] = kit.skus;
});

describe('another fan’s orders', () => {
  it('are not found, whatever is asked of them', async () => {
    const alice = await fan('64740001');
    const bob = await fan('64740002');
    await setStock(skuA, 5);
    const o = await order(alice);
    for (const [method, url, body] of [
      ['GET', `${P}/orders/${o.id}`, undefined],
      ['POST', `${P}/orders/${o.id}/cancel`, {}],
      ['POST', `${P}/orders/${o.id}/confirm`, {}],
      ['POST', `${P}/orders/${o.id}/pay`, { idempotency_key: key() }],
    ] as const) {
      const res = await t.call(method, url, { token: bob.token, body });
      expect(res.code, `${method} ${url}`).toBe(E.NOT_FOUND);
    }
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: alice.token,
      body: { idempotency_key: key() },
    });
    expect((await t.call('GET', `${P}/payments/${pay.data.payment_no}`, { token: bob.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await t.call('GET', `${P}/orders`, { token: bob.token })).data.total).toBe(0);
    expect((await t.call('GET', `${P}/orders/${o.id}`, { token: alice.token })).data.status).toBe(
      'pending_payment',
    );
  });
});

describe('the state machine', () => {
  it('has one way into each state and nothing out of closed', () => {
    // after-sales may still open on a completed order (server/modules/aftersales)
    expect(eventsFrom('completed')).toEqual(['refund_apply']);
    expect(eventsFrom('closed')).toEqual([]);
    expect(eventsFrom('pending_payment').sort()).toEqual(['auto_cancel', 'cancel', 'pay']);
    expect(allowed('pay', 'pending_payment', 'user')).toBe(false);
    expect(allowed('ship', 'pending_shipment', 'user')).toBe(false);
    for (const [, tr] of Object.entries(TRANSITIONS))
      for (const s of tr.from) expect(ORDER_STATES).toContain(s);
  });

  it('has a label for every state (status map, three scripts) and a timeline text for every event', () => {
    const statusMap = JSON.parse(readFileSync('screens/status/shop-order.json', 'utf8'));
    expect(Object.keys(statusMap.values).sort()).toEqual([...ORDER_STATES].sort());
    for (const lang of ['zhhk', 'zhcn', 'zhtw']) {
      const o = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')).orders;
      for (const s of ORDER_STATES) expect(o.status[s], `${lang} ${s}`).toBeTruthy();
      for (const e of [...Object.keys(TRANSITIONS), 'create'])
        expect(o.event[e], `${lang} ${e}`).toBeTruthy();
    }
  });

  it('lets no route take a transition the table does not hold, from any state a fan can reach', async () => {
    const f = await fan('64750001');
    await setStock(skuA, 20);
    // one order in each state reachable in this slice
    const byState: Record<string, number> = {};
    byState.pending_payment = (await order(f)).id;
    const closed = await order(f);
    await t.call('POST', `${P}/orders/${closed.id}/cancel`, { token: f.token, body: {} });
    byState.closed = closed.id;
    const paid = await order(f);
    const p1 = await t.call('POST', `${P}/orders/${paid.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    await callback(p1.data.payment_no, paid.pay_amount);
    byState.pending_shipment = paid.id;
    const shipped = await order(f);
    const p2 = await t.call('POST', `${P}/orders/${shipped.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    await callback(p2.data.payment_no, shipped.pay_amount);
    await shipOrder(t.db, shipped.id, 'SF Express', 'SF1');
    byState.pending_receipt = shipped.id;
    const received = await order(f);
    const p3 = await t.call('POST', `${P}/orders/${received.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    await callback(p3.data.payment_no, received.pay_amount);
    await shipOrder(t.db, received.id, 'SF Express', 'SF2');
    await t.call('POST', `${P}/orders/${received.id}/confirm`, { token: f.token, body: {} });
    byState.pending_review = received.id;

    const routeEvent = { cancel: 'cancel', confirm: 'confirm' } as const;
    for (const [state, id] of Object.entries(byState)) {
      expect((await t.call('GET', `${P}/orders/${id}`, { token: f.token })).data.status).toBe(state);
      for (const [route, event] of Object.entries(routeEvent)) {
        const res = await t.call('POST', `${P}/orders/${id}/${route}`, { token: f.token, body: {} });
        const ok = allowed(event, state, 'user');
        expect(res.code, `${route} from ${state}`).toBe(ok ? 0 : E.ORDER_STATE);
        if (ok) expect(res.data.status).toBe(TRANSITIONS[event].to);
      }
      // a fresh payment is only possible from pending payment
      const cur = (await t.call('GET', `${P}/orders/${id}`, { token: f.token })).data.status;
      const pay = await t.call('POST', `${P}/orders/${id}/pay`, {
        token: f.token,
        body: { idempotency_key: key() },
      });
      expect(pay.code, `pay from ${cur}`).toBe(cur === 'pending_payment' ? 0 : E.ORDER_STATE);
    }
    // the merchant's ship is refused from every state but pending shipment
    for (const id of [byState.closed, byState.pending_receipt, byState.pending_review])
      await expect(shipOrder(t.db, id, 'SF Express', 'SF9')).rejects.toMatchObject({ code: E.ORDER_STATE });
    // every recorded move is in the table
    const moves = await rows(
      t.db,
      sql`select event, from_status, to_status, actor from shop_order_events where from_status is not null`,
    );
    for (const m of moves) {
      const tr = TRANSITIONS[m.event as keyof typeof TRANSITIONS];
      expect(tr, String(m.event)).toBeDefined();
      expect(allowed(m.event as keyof typeof TRANSITIONS, String(m.from_status), m.actor as 'user')).toBe(
        true,
      );
      expect(m.to_status).toBe(tr.to);
    }
  });
});
