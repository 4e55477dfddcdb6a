/**
 * Security headers on every answer (API, static files, uploads, errors, 404s), set in one onSend hook
 * from values computed once at start-up.
 *
 * - CSP: scripts only from our origin (no inline script, no eval); inline styles stay allowed (antd-mobile
 *   and React style attributes, the sandbox gateway page); images also from data:/blob: (QR codes, upload
 *   previews); the websocket through connect-src; only our own origin may frame the app (the desktop
 *   phone frame), so a foreign page cannot frame e.g. the withdrawal screen.
 * - X-Frame-Options for browsers without frame-ancestors; nosniff; Referrer-Policy.
 * - HSTS only behind a TLS-terminating proxy (TRUST_PROXY) when the request came over https: sending it on
 *   plain http would be ignored, and on a dev machine it would pin localhost to https.
 *
 * A route that needs another policy sets its own content-security-policy header; the hook keeps it.
 */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const ALWAYS: ReadonlyArray<readonly [string, string]> = [
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'SAMEORIGIN'],
];

export interface SecurityHeaderOptions {
  /** TRUST_PROXY: the proxy's X-Forwarded-Proto tells whether the browser used https */
  trustProxy: boolean;
  /** production serving HTTPS itself (TLS_CERT_FILE): HSTS on its answers too (never on a dev machine's localhost) */
  directTls?: boolean;
}

/** JSON answers are data, never a document: CSP, framing and referrer rules apply to documents only. */
const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions): void {
  const { trustProxy, directTls } = opts;
  app.addHook('onSend', (request, reply, payload, done) => {
    // every answer: no content sniffing (a JSON answer must never be read as HTML)
    reply.header('x-content-type-options', 'nosniff');
    // documents (HTML, images, scripts, the 404 page...): the full set. API answers, the bulk of the
    // traffic, skip ~500 bytes of headers that a browser ignores on them (bench: match list throughput)
    if (!isJson(reply.getHeader('content-type'))) {
      for (const [name, value] of ALWAYS) reply.header(name, value);
      if (!reply.hasHeader('content-security-policy'))
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    // with trustProxy Fastify reads request.protocol from X-Forwarded-Proto; with TLS here, from the socket
    if ((trustProxy || directTls) && request.protocol === 'https')
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
}
