/**
 * HTTP side of the sandbox gateway: GET /sandbox-pay/{order_no} shows the page; its buttons POST
 * back here, and the gateway then posts a signed callback to the wallet's callback endpoint (through
 * app.inject, i.e. the same route a real gateway's server-to-server call reaches) and sends the
 * browser back to the app's payment status page.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sandboxActionResponse, sandboxPageResponse } from './responses';
import { SANDBOX_PREFIX } from './sandbox';
import { pageLang, renderInvalidPage, renderPayPage } from './sandbox-page';
import { type Flat, sign, verify } from './signing';

export const CALLBACK_PATH = '/mdr/api/v1/payments/callback';

interface PageQuery {
  order_no?: string;
  amount_cents?: string;
  currency?: string;
  desc?: string;
  sign?: string;
  lang?: string;
}

/** The signed page parameters, or null when missing or tampered with. */
function pageParams(secret: string, orderNo: string, q: PageQuery): Flat | null {
  const amount = Number(q.amount_cents);
  if (q.order_no !== orderNo || !Number.isSafeInteger(amount) || amount <= 0) return null;
  if (typeof q.currency !== 'string' || typeof q.desc !== 'string') return null;
  const params: Flat = { order_no: orderNo, amount_cents: amount, currency: q.currency, desc: q.desc };
  return verify(secret, params, q.sign) ? params : null;
}

export async function registerSandboxGateway(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(async (scope) => {
    // the page's buttons post ordinary HTML forms; this parser lives in this scope only
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.get<{ Params: { orderNo: string }; Querystring: PageQuery }>(
      `${SANDBOX_PREFIX}/:orderNo`,
      { config: { auth: 'none' }, schema: { response: sandboxPageResponse } },
      async (request, reply) => {
        const lang = pageLang(request.query.lang);
        const params = pageParams(secret, request.params.orderNo, request.query);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!params) return reply.status(400).send(renderInvalidPage(lang));
        const hidden = Object.fromEntries(
          Object.entries({ ...params, sign: request.query.sign ?? '', lang }).map(([k, v]) => [k, String(v)]),
        );
        return reply.send(
          renderPayPage({
            lang,
            orderNo: String(params.order_no),
            amountCents: Number(params.amount_cents),
            currency: String(params.currency),
            desc: String(params.desc),
            hidden,
            action: (what) => `${SANDBOX_PREFIX}/${encodeURIComponent(String(params.order_no))}/${what}`,
          }),
        );
      },
    );

    scope.post<{ Params: { orderNo: string; action: string }; Body: PageQuery }>(
      `${SANDBOX_PREFIX}/:orderNo/:action`,
      { config: { auth: 'none' }, schema: { response: sandboxActionResponse } },
      async (request, reply) => {
        const { orderNo, action } = request.params;
        const body = (request.body ?? {}) as PageQuery;
        const lang = pageLang(body.lang);
        const params = pageParams(secret, orderNo, body);
        if (!params || (action !== 'confirm' && action !== 'cancel'))
          return reply.status(400).type('text/html; charset=utf-8').send(renderInvalidPage(lang));
        const payload: Flat = {
          order_no: orderNo,
          status: action === 'confirm' ? 'paid' : 'cancelled',
          amount_cents: Number(params.amount_cents),
          currency: String(params.currency),
          provider_txn: `SBX${Date.now()}${randomBytes(4).toString('hex')}`,
          ts: Math.floor(Date.now() / 1000),
        };
        const res = await app.inject({
          method: 'POST',
          url: CALLBACK_PATH,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...payload, sign: sign(secret, payload) }),
        });
        request.log.info({ orderNo, action, callback: res.json()?.code }, 'sandbox gateway callback');
        return reply.redirect(`/#/pay/status/index?order_no=${encodeURIComponent(orderNo)}`, 303);
      },
    );
  });
}
