/**
 * Builds the Fastify app: error envelope, strict request validation from schemas/data, the auth hook,
 * the websocket hub and every module's routes. main.ts adds the web bundle and listens; tests use
 * app.inject through server/test/harness.ts.
 */
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db';
import { createFeed } from './feed';
import { registerAuthHook } from './http/auth-hook';
import { registerCompression } from './http/compression';
import type { AppDeps, Providers } from './http/deps';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-plugin';
import { registerJsonBody } from './http/json-body';
import { DebugRequestLogController, loggerOptions } from './http/logger';
import { registerOpenApi } from './http/openapi';
import { registerResponseCheck, responseChecksEnabled, serializerCompiler } from './http/response-check';
import { validatorCompiler } from './http/schemas';
import { registerSecurityHeaders } from './http/security-headers';
import { tlsServerOptions } from './http/tls';
import { registerJobs } from './jobs';
import { registerAfterSalesRoutes, registerMerchantRoutes } from './modules/aftersales';
import { registerAuthRoutes } from './modules/auth';
import { registerAvatarRoutes } from './modules/avatars';
import { registerCertificationRoutes } from './modules/certification';
import { registerChatRoutes } from './modules/chat';
import { registerConfigRoutes } from './modules/config';
import { registerConfigDocsRoutes } from './modules/configdocs';
import { registerCouponRoutes } from './modules/coupons';
import { registerDatabaseRoutes } from './modules/database';
import { registerDevRoutes } from './modules/dev';
import { registerExpertsRoutes } from './modules/experts';
import { registerFollowsRoutes } from './modules/follows';
import { registerLiveRoutes } from './modules/live';
import { type MatchFeed, registerMatchesRoutes } from './modules/matches';
import { registerMessagesRoutes } from './modules/messages';
import { popularNews, popularNewsResponse, registerNewsRoutes } from './modules/news';
import { registerOpsRoutes } from './modules/ops';
import { registerOrdersRoutes } from './modules/orders';
import { registerPlansRoutes } from './modules/plans';
import { registerConsultRoutes, registerPointsRoutes } from './modules/points';
import { registerPredictionsRoutes } from './modules/predictions';
import { registerPromoRoutes } from './modules/promo';
import { registerRealnameRoutes } from './modules/realname';
import { registerReportsRoutes } from './modules/reports';
import { registerSearchRoutes } from './modules/search';
import { registerMerchantProductRoutes, registerShopRoutes } from './modules/shop';
import { registerUsersRoutes } from './modules/users';
import { registerWalletRoutes } from './modules/wallet';
import { createMessageProvider } from './providers';
import { createRateLimiter } from './ratelimit';
import { createHub, createPubSub, type Hub } from './realtime/hub';
import { registerRealtimeRoutes } from './realtime/ws-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** the dependencies handed to every module (tests reach the hub and providers through it) */
    deps: AppDeps;
  }
}

/** The outside services the app is built with: the kernel's, and the match feed matches asks. */
export interface AppProviders extends Providers {
  feed: MatchFeed;
}

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  providers?: Partial<AppProviders>;
  /** share one hub between apps (tests of cross-node behaviour); default: a new one from config */
  hub?: Hub;
  logger?: FastifyServerOptions['logger'];
}

/** JSON bodies are small forms; uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  // HTTPS + HTTP/2 when configured (./http/tls): the handlers see the same request API either way, so
  // the instance keeps the plain-HTTP typing the modules are written against
  const app = Fastify({
    ...(tlsServerOptions(config) as Record<string, never>),
    // secrets redacted, SQL parameters never logged, per-request lines at debug (http/logger.ts)
    logger: loggerOptions(config, opts.logger),
    logController: new DebugRequestLogController(),
    // a badly percent-encoded URL answers the envelope too, and is logged
    frameworkErrors,
    // and so does a request Node's parser refuses before routing (raw UTF-8 bytes in the path)
    clientErrorHandler,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // the envelope is answered by our handlers; Fastify must not add its own error shapes
    return503OnClosing: false,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  // response schemas document and (in tests) check the answers; they never reshape them
  app.setSerializerCompiler(serializerCompiler);
  if (responseChecksEnabled()) registerResponseCheck(app);
  registerSecurityHeaders(app, {
    trustProxy: !!config.trustProxy,
    directTls: !!config.tls && config.nodeEnv === 'production',
  });
  registerJsonBody(app);
  registerErrorHandling(app);
  await registerCompression(app);
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  // before any route: the document collects every route registered after it
  await registerOpenApi(app, { production: config.nodeEnv === 'production' });
  registerAuthHook(app, db);

  const ownHub = !opts.hub;
  const hub = opts.hub ?? createHub(createPubSub(config));
  if (ownHub) app.addHook('onClose', async () => hub.close());
  const providers: Providers = {
    messages: opts.providers?.messages ?? createMessageProvider(config, db, app.log),
    limiter: opts.providers?.limiter ?? createRateLimiter(config),
  };
  if (!opts.providers?.limiter) app.addHook('onClose', async () => providers.limiter.close());
  // the sports-data provider (FEED_PROVIDER; server/feed) speaks matches' contract, so only matches gets
  // it: the kernel's AppDeps names no domain type
  const feed = opts.providers?.feed ?? createFeed(db, config);
  const deps: AppDeps = { db, config, providers, hub };
  app.decorate('deps', deps);

  await registerAuthRoutes(app, deps);
  await registerUsersRoutes(app, deps);
  await registerAvatarRoutes(app, deps);
  await registerConfigRoutes(app, deps);
  await registerConfigDocsRoutes(app, deps);
  await registerDevRoutes(app, deps);
  await registerDatabaseRoutes(app, deps);
  await registerChatRoutes(app, deps);
  await registerExpertsRoutes(app, deps);
  await registerMatchesRoutes(app, deps, feed, {
    popular: (lang, now, page, size) => popularNews(db, lang, now, page, size),
    response: popularNewsResponse,
  });
  await registerNewsRoutes(app, deps);
  await registerOpsRoutes(app, deps);
  await registerPlansRoutes(app, deps);
  await registerPredictionsRoutes(app, deps);
  await registerRealnameRoutes(app, deps);
  await registerCertificationRoutes(app, deps);
  await registerSearchRoutes(app, deps);
  await registerShopRoutes(app, deps);
  await registerWalletRoutes(app, deps);
  // after the wallet: orders take the gateway it made
  await registerOrdersRoutes(app, deps);
  await registerLiveRoutes(app, deps);
  await registerCouponRoutes(app, deps);
  await registerAfterSalesRoutes(app, deps);
  await registerMerchantRoutes(app, deps);
  await registerPromoRoutes(app, deps);
  await registerMerchantProductRoutes(app, deps);
  await registerPointsRoutes(app, deps);
  await registerConsultRoutes(app, deps);
  await registerFollowsRoutes(app, deps);
  await registerMessagesRoutes(app, deps);
  await registerReportsRoutes(app, deps);
  await registerRealtimeRoutes(app, deps);
  registerJobs(app);
  return app;
}
