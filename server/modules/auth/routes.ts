/** Auth endpoints of docs/api-foundation.md: token, public key, captchas, codes, login, logout, reset. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { registerAccountRoutes } from './account-routes';
import { consumeCaptcha, createCaptcha } from './captcha';
import type { CodeScene } from './codes';
import { ensurePasswordKey } from './keys';
import { login, resetPassword } from './login';
import {
  captchaResponse,
  codeSentResponse,
  emptyResponse,
  loginResponse,
  publicKeyResponse,
  tokenResponse,
} from './responses';
import { deliverCode } from './send-code';
import { issueSession, revokeSession } from './sessions';
import { emailTarget, phoneTarget, type Target } from './targets';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkClientCredentials(request: FastifyRequest, deps: AppDeps): void {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const expected = `${deps.config.clientId}:${deps.config.clientSecret}`;
  if (!sameSecret(decoded, expected)) throw new ApiError(E.CLIENT_CREDENTIALS);
}

/** "<brand> <model>" from the client's device headers (src/api/client.ts), for the devices list */
function deviceLabel(request: FastifyRequest): string | null {
  const part = (name: string) => {
    const v = request.headers[name];
    if (typeof v !== 'string') return '';
    // printable characters only: the label is shown back to the user
    return [...v]
      .filter((c) => c >= ' ' && c !== '\x7f')
      .join('')
      .trim()
      .slice(0, 40);
  };
  const label = [part('x-device-brand'), part('x-device-model')].filter(Boolean).join(' ');
  return label || null;
}

function deviceUuid(request: FastifyRequest): string | null {
  const value = request.headers['x-device-uuid'];
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 128) : null;
}

export async function registerAuthRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const app = typed(root);

  async function sendCode(request: FastifyRequest, target: Target, imgCode: string, scene: CodeScene) {
    await consumeCaptcha(db, target, imgCode);
    return ok(await deliverCode(deps, request, target, scene));
  }

  app.post(
    '/prs/api/v1/token',
    { config: { auth: 'none' }, schema: { body: dataSchema('auth-empty'), response: tokenResponse } },
    async (request) => {
      checkClientCredentials(request, deps);
      const issued = await issueSession(db, {
        userId: null,
        ttlDays: config.tokenTtlDays,
        deviceUuid: deviceUuid(request),
      });
      return ok({ token: issued.token, expires_in: issued.expiresIn });
    },
  );

  // `now` (server clock, ms) lets clients stamp encrypted passwords with the server's time (keys.ts)
  app.get(
    '/prs/api/v1/user/public-key',
    { config: { auth: 'none' }, schema: { response: publicKeyResponse } },
    async () => {
      const key = await ensurePasswordKey(db);
      return ok({ kid: key.kid, key: key.publicPem, now: nowMs() });
    },
  );

  app.post(
    '/prs/api/v1/user/captcha/sms',
    { schema: { body: dataSchema('auth-captcha-sms'), response: captchaResponse } },
    async (request) => {
      const target = phoneTarget(request.body.area_code, request.body.phone);
      return ok({ image: await createCaptcha(db, target, { devOutbox: config.devOutbox }) });
    },
  );

  app.post(
    '/prs/api/v1/user/captcha/emails',
    { schema: { body: dataSchema('auth-captcha-email'), response: captchaResponse } },
    async (request) => {
      const target = emailTarget(request.body.email);
      return ok({ image: await createCaptcha(db, target, { devOutbox: config.devOutbox }) });
    },
  );

  app.post(
    '/prs/api/v1/user/phone-code',
    { schema: { body: dataSchema('auth-phone-code'), response: codeSentResponse } },
    async (request) => {
      const { area_code, phone, img_code, scene } = request.body;
      return sendCode(request, phoneTarget(area_code, phone), img_code, scene);
    },
  );

  app.post(
    '/prs/api/v1/user/email-code',
    { schema: { body: dataSchema('auth-email-code'), response: codeSentResponse } },
    async (request) => {
      const { email, img_code, scene } = request.body;
      return sendCode(request, emailTarget(email), img_code, scene);
    },
  );

  for (const url of ['/prs/api/v1/user/login', '/prs/api/v2/user/login'])
    app.post(url, { schema: { body: dataSchema('auth-login'), response: loginResponse } }, async (request) =>
      ok(
        await login(deps, request.body, {
          ip: request.ip,
          deviceUuid: deviceUuid(request),
          device: deviceLabel(request),
        }),
      ),
    );

  // Idempotent and open: a client told it was kicked (100203) must still be able to finish logging out
  // without looping through token errors; a valid token is revoked, anything else is already logged out.
  const logoutOptions = {
    config: { auth: 'none' as const },
    schema: { body: dataSchema('auth-empty'), response: emptyResponse },
  };
  app.post('/prs/api/v1/user/logout', logoutOptions, async (request) => {
    if (request.auth.sessionId !== null) {
      await revokeSession(db, request.auth.sessionId, 'logout');
      await deps.hub.sendToSession(request.auth.sessionId, { type: 'logout' });
    }
    return ok(null);
  });

  app.put(
    '/mdr/api/v1/user/password',
    { schema: { body: dataSchema('auth-password-reset'), response: emptyResponse } },
    async (request) => {
      await resetPassword(deps, request.body, request.auth.sessionId);
      return ok(null);
    },
  );

  await registerAccountRoutes(root, deps);
}
