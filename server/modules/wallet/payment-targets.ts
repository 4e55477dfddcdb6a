/**
 * One payment gateway per app, shared by everything that takes money through it: the wallet's coin
 * recharge and the shop's orders (server/modules/orders). The gateway's callback (and Stripe's webhook)
 * carries only the gateway order number; its prefix says whose it is (`YC…` recharge, a registered
 * prefix such as `SP…` a shop payment), so the wallet need not know the shop.
 */
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { type CallbackPayload, createPaymentProvider, type PaymentProvider } from '../../providers/payment';

export type ApplyPayment = (payload: CallbackPayload) => Promise<unknown>;

export interface Payments {
  provider: PaymentProvider;
  /** callbacks whose order number starts with `prefix` go to `apply` */
  route(prefix: string, apply: ApplyPayment): void;
  /** the handler for one verified callback (the wallet's recharge when no prefix claims it) */
  apply(payload: CallbackPayload, fallback: ApplyPayment): Promise<unknown>;
}

const byDeps = new WeakMap<AppDeps, Payments>();

/** The app's gateway (made from config on first use) and its callback routing. */
export function paymentsFor(deps: Pick<AppDeps, 'config'> & object): Payments {
  const key = deps as AppDeps;
  let found = byDeps.get(key);
  if (!found) {
    const provider = createPaymentProvider(deps.config);
    const routes: { prefix: string; apply: ApplyPayment }[] = [];
    found = {
      provider,
      route(prefix, apply) {
        if (!/^[A-Z]{2}$/.test(prefix) || prefix === 'YC') throw new Error(`bad payment prefix ${prefix}`);
        routes.push({ prefix, apply });
      },
      async apply(payload, fallback) {
        const target = routes.find((r) => payload.order_no.startsWith(r.prefix));
        if (target) return target.apply(payload);
        if (!payload.order_no.startsWith('YC')) throw new ApiError(E.NOT_FOUND);
        return fallback(payload);
      },
    };
    byDeps.set(key, found);
  }
  return found;
}
