/**
 * HTTPS with HTTP/2 when TLS_CERT_FILE and TLS_KEY_FILE are set (server/config.ts).
 *
 * Why HTTP/2: a screen's first paint needs a dozen to thirty small files (code split per widget and per
 * text area, so that each screen fetches only its own). Over HTTP/1.1 a phone opens at most six
 * connections per origin and queues the rest a round trip at a time; over HTTP/2 they share one
 * connection. Lighthouse's simulated slow 4G painted #/login and #/experts about a second earlier.
 * HTTP/1.1 stays on (ALPN) for clients without HTTP/2 and for websockets: Node's HTTP/2 server does not
 * offer RFC 8441, so browsers open the realtime socket over an HTTP/1.1 connection of its own.
 */
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../config';

export interface TlsServerOptions {
  http2: true;
  https: { allowHTTP1: true; cert: Buffer; key: Buffer };
}

/** Fastify's server options for the configured transport: nothing for plain HTTP. */
export function tlsServerOptions(config: Pick<AppConfig, 'tls'>): TlsServerOptions | Record<string, never> {
  if (!config.tls) return {};
  return {
    http2: true,
    https: {
      allowHTTP1: true,
      cert: readFileSync(config.tls.certFile),
      key: readFileSync(config.tls.keyFile),
    },
  };
}
