/**
 * Response compression. A phone on a mobile network opening the match tab downloads the whole day's
 * list (hundreds of KB of JSON); brotli/gzip makes that a tenth. Most answers are compressed per
 * request by @fastify/compress; the hot cached answers (visitors' match lists) carry their compressed
 * forms with them, made once per cached body, so serving them costs no compression at all.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compression costs more than the bytes it saves. */
const THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // brotli quality 4 (the plugin's default) keeps per-request compression around a millisecond for 100 KB
  await app.register(compress, { global: true, threshold: THRESHOLD, encodings: [...ENCODINGS] });
}

/** A serialized answer kept in memory, with its compressed forms made on first demand. */
export class CachedBody {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly raw: Buffer) {}

  as(encoding: Encoding): Buffer {
    let out = this.encoded.get(encoding);
    if (!out) {
      // made once and sent many times: worth a better ratio than per-request compression
      out =
        encoding === 'br'
          ? brotliCompressSync(this.raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : gzipSync(this.raw, { level: 6 });
      this.encoded.set(encoding, out);
    }
    return out;
  }
}

/** Sends a cached JSON answer in the best encoding the client accepts (set before the global hook sees it). */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    body.raw.length >= THRESHOLD && accepted
      ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null)
      : null;
  if (!encoding) return reply.send(body.raw);
  return reply.header('content-encoding', encoding).send(body.as(encoding));
}
