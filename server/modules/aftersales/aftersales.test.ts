/**
 * Logistics, after-sales and reviews through the API: the merchant ships in the console (audited) and the
 * simulated carrier's events follow the app clock; a received order is reviewed (→ completed, shown on the
 * product); a refund is applied for, approved once (a retried or parallel approval pays back once, through
 * the gateway, with one refund row equal to what was paid), the order closed; refusals and withdrawals put
 * the order back; illegal moves are refused; another fan's order and application are invisible.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { fakeClock, resetClock } from '../../http/clock';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Fan, fan, key, OPS, P, paidOrder, skus } from '../../test/shop-flow';
import { allowed, TRANSITIONS } from '../orders';
import { pushTracking } from '.';

let t: TestApp;
let sku: { id: number; price: number };
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  [sku] = await skus(t);
  op = (await t.loginByPhone('90000000')).token;
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

async function ship(orderId: number) {
  const r = await t.call('POST', `${OPS}/orders/${orderId}/ship`, { token: op, body: { carrier: 'sf' } });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return r.data;
}

async function apply(f: Fan, orderId: number, kind = 'refund') {
  return t.call('POST', `${P}/after-sales`, {
    token: f.token,
    body: { idempotency_key: key(), order_id: orderId, kind, reason: 'quality', description: '車線甩咗' },
  });
}

const status = async (f: Fan, id: number) =>
  (await t.call('GET', `${P}/orders/${id}`, { token: f.token })).data.status as string;

describe('shipping and tracking', () => {
  it('ships from the console with a tracking number, audited; the carrier’s events follow the clock', async () => {
    const f = await fan(t, '64840001');
    const o = await paidOrder(t, f, sku.id);
    const listed = await t.call('GET', `${OPS}/orders?status=pending_shipment&size=100`, { token: op });
    expect(listed.data.list.some((x: { id: number }) => x.id === o.id)).toBe(true);
    // a fan is not the merchant
    expect(
      (await t.call('POST', `${OPS}/orders/${o.id}/ship`, { token: f.token, body: { carrier: 'sf' } })).code,
    ).toBe(E.NO_PERMISSION);
    const before = await t.call('GET', `${P}/orders/${o.id}/tracking`, { token: f.token });
    expect(before.data.events).toEqual([]);
    const clock = fakeClock();
    const s = await ship(o.id);
    expect(s.tracking_no).toMatch(/^SF\d{12}$/);
    const [a] = await rows(
      t.db,
      sql`select action, reason from ops_audit where target_type = 'shop_order' and target_id = ${String(o.id)}`,
    );
    expect(a.action).toBe('order.ship');
    // shipping twice is refused by the state table
    expect(
      (await t.call('POST', `${OPS}/orders/${o.id}/ship`, { token: op, body: { carrier: 'sf' } })).code,
    ).toBe(E.ORDER_STATE);
    const track = async () => (await t.call('GET', `${P}/orders/${o.id}/tracking`, { token: f.token })).data;
    expect((await track()).state).toBe('collected');
    clock.advance(4 * 3600_000);
    const moving = await track();
    expect(moving.state).toBe('in_transit');
    clock.advance(23 * 3600_000);
    expect((await track()).state).toBe('out_for_delivery');
    clock.advance(4 * 3600_000);
    const done = await track();
    expect(done.state).toBe('delivered');
    // the expected delivery the buyer was shown on the way is when it was delivered
    expect(moving.eta_ms).toBe(done.events[0].at_ms);
    expect(done.events.map((e: { code: string }) => e.code)).toEqual([
      'delivered',
      'out_for_delivery',
      'at_station',
      'in_transit',
      'collected',
    ]);
    expect(done.eta_ms).toBeNull();
    // the job pushes each event that fell due between two ticks to the buyer, once
    const sent: { topic: string; msg: { topic: string; status: string; id: number } }[] = [];
    const hub = {
      publish: async (topic: string, msg: unknown) => void sent.push({ topic, msg: msg as never }),
    };
    const shippedAt = Date.now();
    await pushTracking({ db: t.db, hub } as never, shippedAt + 2 * 3600_000, shippedAt + 27 * 3600_000);
    const mine = sent.filter((x) => x.msg.id === o.id);
    expect(mine.map((x) => x.msg.status)).toEqual(['in_transit', 'at_station', 'out_for_delivery']);
    expect(mine.every((x) => x.topic === `user:${f.userId}` && x.msg.topic === 'shop.tracking')).toBe(true);
    // another fan sees nothing
    const other = await fan(t, '64840002');
    expect((await t.call('GET', `${P}/orders/${o.id}/tracking`, { token: other.token })).code).toBe(
      E.NOT_FOUND,
    );
  });
});

describe('reviews', () => {
  it('only after receipt, once; the order completes and the review shows on the product', async () => {
    const f = await fan(t, '64840003');
    const o = await paidOrder(t, f, sku.id);
    const body = { stars: 5, content: '質地好好，主場球衣著落好舒服' };
    expect((await t.call('POST', `${P}/orders/${o.id}/review`, { token: f.token, body })).code).toBe(
      E.REVIEW_NOT_ALLOWED,
    );
    await ship(o.id);
    expect((await t.call('POST', `${P}/orders/${o.id}/confirm`, { token: f.token, body: {} })).code).toBe(0);
    expect(
      (
        await t.call('POST', `${P}/orders/${o.id}/review`, {
          token: f.token,
          body: { stars: 6, content: 'x' },
        })
      ).code,
    ).toBe(E.BAD_REQUEST);
    expect(
      (
        await t.call('POST', `${P}/orders/${o.id}/review`, {
          token: f.token,
          body: { stars: 4, content: '   ' },
        })
      ).code,
    ).toBe(E.BAD_REQUEST);
    const other = await fan(t, '64840004');
    expect((await t.call('POST', `${P}/orders/${o.id}/review`, { token: other.token, body })).code).toBe(
      E.NOT_FOUND,
    );
    // images: only the reviewer's own uploads
    const foreign = { ...body, images: ['/uploads/2026/11/someone-else.jpg'] };
    const refused = await t.call('POST', `${P}/orders/${o.id}/review`, { token: f.token, body: foreign });
    expect(refused.code).toBe(E.BAD_REQUEST);
    const mine = `/uploads/2026/11/review-${f.userId}.jpg`;
    await t.db.execute(
      sql`insert into attachments (user_id, storage_key, url, name, size, content_type)
          values (${f.userId}, ${`k-${f.userId}`}, ${mine}, 'shirt.jpg', 2048, 'image/jpeg')`,
    );
    const done = await t.call('POST', `${P}/orders/${o.id}/review`, {
      token: f.token,
      body: { ...body, images: [mine] },
    });
    expect(done.code).toBe(0);
    expect(done.data.status).toBe('completed');
    expect((await t.call('POST', `${P}/orders/${o.id}/review`, { token: f.token, body })).code).toBe(
      E.REVIEW_NOT_ALLOWED,
    );
    const productId = o.items[0].product_id;
    const reviews = await t.call('GET', `${P}/products/${productId}/reviews`);
    const shown = reviews.data.list.find((r: { content: string }) => r.content === body.content);
    expect(shown.stars).toBe(5);
    expect(shown.images).toEqual([mine]);
  });
});

describe('after-sales', () => {
  it('refund only: applied once, approved once (retried and in parallel), money back through the gateway', async () => {
    const f = await fan(t, '64840005');
    const o = await paidOrder(t, f, sku.id);
    // a reason is required
    const noReason = await t.call('POST', `${P}/after-sales`, {
      token: f.token,
      body: { idempotency_key: key(), order_id: o.id, kind: 'refund' },
    });
    expect(noReason.code).toBe(E.BAD_REQUEST);
    // nothing was shipped: no return
    expect((await apply(f, o.id, 'return_refund')).code).toBe(E.AFTER_SALE_NOT_ALLOWED);
    const k = key();
    const body = { idempotency_key: k, order_id: o.id, kind: 'refund', reason: 'changed_mind' };
    const [a1, a2] = await Promise.all([
      t.call('POST', `${P}/after-sales`, { token: f.token, body }),
      t.call('POST', `${P}/after-sales`, { token: f.token, body }),
    ]);
    expect(a1.code).toBe(0);
    expect(a2.data.id).toBe(a1.data.id);
    expect(a1.data.amount).toBe(o.pay_amount);
    expect(await status(f, o.id)).toBe('refunding');
    // a second application while one is open
    expect((await apply(f, o.id)).code).toBe(E.AFTER_SALE_OPEN);
    // the merchant cannot ship a refunding order
    expect(
      (await t.call('POST', `${OPS}/orders/${o.id}/ship`, { token: op, body: { carrier: 'sf' } })).code,
    ).toBe(E.ORDER_STATE);
    const id = a1.data.id;
    const approvals = await Promise.all(
      [0, 1, 2].map(() => t.call('POST', `${OPS}/after-sales/${id}/approve`, { token: op, body: {} })),
    );
    expect(approvals.filter((r) => r.code === 0)).toHaveLength(1);
    expect(approvals.filter((r) => r.code === E.AFTER_SALE_STATE)).toHaveLength(2);
    const again = await t.call('POST', `${OPS}/after-sales/${id}/approve`, { token: op, body: {} });
    expect(again.code).toBe(E.AFTER_SALE_STATE);
    const info = await t.call('GET', `${P}/after-sales/${id}`, { token: f.token });
    expect(info.data.status).toBe('success');
    expect(info.data.refund_no).toMatch(/^SR/);
    expect(await status(f, o.id)).toBe('closed');
    // the money: one refund, equal to what was paid, and the payment marked refunded
    const refunds = await rows(
      t.db,
      sql`select amount, provider, provider_txn from shop_refunds where order_id = ${o.id}`,
    );
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0].amount)).toBe(o.pay_amount);
    expect(String(refunds[0].provider_txn)).toMatch(/^sandbox-refund-SR/);
    const [p] = await rows(
      t.db,
      sql`select status, amount from shop_payments where order_id = ${o.id} and status <> 'pending'`,
    );
    expect(p.status).toBe('refunded');
    const audits = await rows(
      t.db,
      sql`select action from ops_audit where target_type = 'shop_after_sale' and target_id = ${String(id)}`,
    );
    expect(audits.map((r) => r.action)).toEqual(['after_sale.approve']);
    // closed is final: no new application
    expect((await apply(f, o.id)).code).toBe(E.AFTER_SALE_NOT_ALLOWED);
  });

  it('return and refund: waiting for the parcel, the buyer gives its number, received → refunded', async () => {
    const f = await fan(t, '64840006');
    const o = await paidOrder(t, f, sku.id);
    await ship(o.id);
    await t.call('POST', `${P}/orders/${o.id}/confirm`, { token: f.token, body: {} });
    const a = await apply(f, o.id, 'return_refund');
    expect(a.code).toBe(0);
    const id = a.data.id;
    // received before approval is refused
    expect((await t.call('POST', `${OPS}/after-sales/${id}/received`, { token: op, body: {} })).code).toBe(
      E.AFTER_SALE_STATE,
    );
    // edit while pending
    const edited = await t.call('PUT', `${P}/after-sales/${id}`, {
      token: f.token,
      body: { kind: 'return_refund', reason: 'size_fit', description: '細碼太窄' },
    });
    expect(edited.data.reason).toBe('size_fit');
    expect(
      (await t.call('POST', `${OPS}/after-sales/${id}/approve`, { token: op, body: {} })).data.status,
    ).toBe('waiting_receipt');
    expect(
      (
        await t.call('PUT', `${P}/after-sales/${id}`, {
          token: f.token,
          body: { kind: 'refund', reason: 'quality' },
        })
      ).code,
    ).toBe(E.AFTER_SALE_STATE);
    const sent = await t.call('POST', `${P}/after-sales/${id}/express`, {
      token: f.token,
      body: { carrier: 'sf', tracking_no: 'SF1234567890' },
    });
    expect(sent.data.return_tracking_no).toBe('SF1234567890');
    expect(sent.data.can_send_express).toBe(false);
    const done = await t.call('POST', `${OPS}/after-sales/${id}/received`, { token: op, body: {} });
    expect(done.data.status).toBe('success');
    expect(await status(f, o.id)).toBe('closed');
  });

  it('a refusal (with its reason) and a withdrawal put the order back where it was; withdrawn stays withdrawn', async () => {
    const f = await fan(t, '64840007');
    const o = await paidOrder(t, f, sku.id);
    await ship(o.id);
    const a = await apply(f, o.id);
    const noReason = await t.call('POST', `${OPS}/after-sales/${a.data.id}/reject`, { token: op, body: {} });
    expect(noReason.code).toBe(E.BAD_REQUEST);
    const r = await t.call('POST', `${OPS}/after-sales/${a.data.id}/reject`, {
      token: op,
      body: { reason: '包裹已派送，請收貨後再申請' },
    });
    expect(r.data.status).toBe('failed');
    expect(r.data.reject_reason).toBe('包裹已派送，請收貨後再申請');
    expect(await status(f, o.id)).toBe('pending_receipt');
    const b = await apply(f, o.id);
    expect(b.code).toBe(0);
    const w = await t.call('POST', `${P}/after-sales/${b.data.id}/withdraw`, { token: f.token, body: {} });
    expect(w.data.status).toBe('closed');
    expect(await status(f, o.id)).toBe('pending_receipt');
    expect(
      (await t.call('POST', `${P}/after-sales/${b.data.id}/withdraw`, { token: f.token, body: {} })).code,
    ).toBe(E.AFTER_SALE_STATE);
    expect(
      (await t.call('POST', `${OPS}/after-sales/${b.data.id}/approve`, { token: op, body: {} })).code,
    ).toBe(E.AFTER_SALE_STATE);
    // another fan: invisible
    const other = await fan(t, '64840008');
    expect((await t.call('GET', `${P}/after-sales/${b.data.id}`, { token: other.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await apply(other, o.id)).code).toBe(E.NOT_FOUND);
    expect((await t.call('GET', `${P}/after-sales`, { token: other.token })).data.total).toBe(0);
    const mine = await t.call('GET', `${P}/after-sales`, { token: f.token });
    expect(mine.data.list.map((x: { status: string }) => x.status)).toEqual(['closed', 'failed']);
  });

  it('is refused for an unpaid order, and every recorded move is in the state table', async () => {
    const f = await fan(t, '64840009');
    const res = await t.call('POST', `${P}/orders`, {
      token: f.token,
      body: { idempotency_key: key(), address_id: f.addressId, items: [{ sku_id: sku.id, quantity: 1 }] },
    });
    expect((await apply(f, res.data.id)).code).toBe(E.AFTER_SALE_NOT_ALLOWED);
    const moves = await rows(
      t.db,
      sql`select event, from_status, to_status, actor from shop_order_events where from_status is not null`,
    );
    for (const m of moves) {
      const ev = m.event as keyof typeof TRANSITIONS;
      expect(allowed(ev, String(m.from_status), m.actor as 'user'), `${m.event} from ${m.from_status}`).toBe(
        true,
      );
      const to = TRANSITIONS[ev].to;
      expect(typeof to === 'string' ? [to] : to).toContain(String(m.to_status));
    }
  });
});
