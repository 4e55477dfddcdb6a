/**
 * Every failure leaves as the envelope `{code, msg, data}`: business errors (ApiError) and request
 * validation with HTTP 200, transport-level problems (malformed JSON, unknown route, body too large,
 * wrong content type, badly percent-encoded URL) with their 4xx status. Unexpected errors are logged
 * with their stack (database errors without their SQL parameters: see logger.ts) and answered 100500
 * without any detail. Control characters in the URL or a JSON body answer 100400 (control-chars.ts).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerControlCharGuard } from './control-chars';
import { isEnvelope } from './envelope';
import { ApiError, E } from './errors';
import { msgFor } from './i18n';

interface AjvLikeError {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** JSON pointer of the offending value; for missing or unknown properties, the property itself. */
export function validationPointer(error: AjvLikeError): string {
  const base = error.instancePath ?? '';
  const prop = error.params?.missingProperty ?? error.params?.additionalProperty;
  if (typeof prop === 'string') return `${base}/${escapePointer(prop)}`;
  return base || '/';
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  data: unknown,
  msg?: string,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ code, msg: msg ?? msgFor(code, request.headers['accept-language'], data), data: data ?? null });
}

function transportCode(status: number): number {
  if (status === 404) return E.NOT_FOUND;
  if (status === 413) return E.TOO_LARGE;
  if (status === 429) return E.TOO_MANY;
  return E.BAD_REQUEST;
}

/**
 * Fastify's `frameworkErrors` option: errors raised by the router before any route or hook runs, such
 * as a badly percent-encoded path (`/mdr/api/v1/users%%27`, FST_ERR_BAD_URL) or an over-long path
 * parameter. Without it Fastify answers its own `{error, message, statusCode}` body and logs nothing.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // the error message repeats the path; the req serializer logs it with its query values masked
    request.log.warn({ req: request, err: { code: error.code } }, 'bad url');
    // router errors skip every hook, the security headers' onSend too: at least no sniffing of this body
    reply.header('x-content-type-options', 'nosniff');
    return send(request, reply, 400, E.BAD_REQUEST, null);
  }
  request.log.error({ req: request, err: error }, 'unexpected router error');
  return send(request, reply, 200, E.SERVER, null);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (raw
 * non-ASCII bytes in the path, a request line that is not HTTP, headers past the size limit). Without it
 * the client gets Fastify's `{error, message, statusCode}`; with it, the envelope in the default language.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', E.TOO_LARGE]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', E.BAD_REQUEST]
        : [400, 'Bad Request', E.BAD_REQUEST];
  this.log.info({ err: { code: err.code } }, 'client error before routing');
  const body = JSON.stringify({ code, msg: msgFor(code, undefined), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError)
      return send(request, reply, 200, error.code, error.data, error.msgOverride);

    const validation = (error as FastifyError).validation as AjvLikeError[] | undefined;
    if (validation) {
      const first = validation[0] ?? {};
      return send(request, reply, 200, E.BAD_REQUEST, {
        in: (error as FastifyError).validationContext ?? 'body',
        pointer: validationPointer(first),
        keyword: first.keyword ?? null,
      });
    }

    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // a JSON syntax error quotes the body it choked on (a password, a card number): never log that
      const message = error instanceof SyntaxError ? 'invalid JSON' : error.message;
      request.log.info({ err: { code: (error as FastifyError).code, message } }, 'client error');
      return send(request, reply, status, transportCode(status), null);
    }

    request.log.error({ err: error }, 'unexpected error');
    return send(request, reply, 200, E.SERVER, null);
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, E.NOT_FOUND, null));
  registerControlCharGuard(app);

  // ok(data) leaves msg empty: fill it in the caller's language here, once, for every handler.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (isEnvelope(payload) && payload.msg === '') {
      payload.msg = msgFor(payload.code, request.headers['accept-language']);
    }
    return payload;
  });
}
