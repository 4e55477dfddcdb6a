/**
 * After `vite build`: write .br and .gz beside every text asset of dist/web, so the server sends
 * compressed files without compressing per request (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from './lib/web-bundle';

const TEXT = /\.(js|css|html|svg|json|txt|map)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let files = 0;
for (const path of walk(process.env.WEB_DIR ? resolve(process.env.WEB_DIR) : join(ROOT, 'dist', 'web'))) {
  if (!TEXT.test(path)) continue;
  const body = readFileSync(path);
  if (body.length < 512) continue;
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files++;
}
console.log(`[compress] ${files} assets precompressed (br, gz)`);
