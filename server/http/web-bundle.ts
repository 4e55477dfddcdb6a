/**
 * Serves the built web app: index.html never cached (so a deploy is picked up at once), Vite's
 * content-hashed files under /assets cached for a year.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSET = /[\\/]assets[\\/]/;

export async function registerWebBundle(app: FastifyInstance, webDir: string): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web bundle not found; serving the API only (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    index: ['index.html'],
    decorateReply: false,
    wildcard: true,
    cacheControl: false,
    // .br/.gz siblings written at build time (scripts/compress-web.ts)
    preCompressed: true,
    setHeaders(reply, path) {
      if (HASHED_ASSET.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  return true;
}
