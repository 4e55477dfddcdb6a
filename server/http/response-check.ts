/**
 * Response schemas are documentation the tests prove. Answers are serialized with JSON.stringify
 * (serializerCompiler below), not fast-json-stringify: a schema that forgot a property must not drop it
 * from what clients get, and error envelopes (HTTP 200, code != 0) leave through the same route.
 *
 * In the server tests (tests/setup/server.ts calls enableResponseChecks) every JSON answer is checked
 * with ajv: success envelopes against the route's schema for that status, failures against the error
 * envelope. Mismatches are collected and the setup file fails the test that produced them.
 */

import { Ajv2020, type AnySchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { errorEnvelope } from './response-schemas';

export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

interface CheckState {
  enabled: boolean;
  mismatches: string[];
}

// on globalThis: the setup file and the app may load this module through different graphs
const state: CheckState = ((globalThis as Record<string, unknown>).__goalfanResponseChecks as CheckState) ?? {
  enabled: false,
  mismatches: [],
};
(globalThis as Record<string, unknown>).__goalfanResponseChecks = state;

export function enableResponseChecks(): void {
  state.enabled = true;
}

/** the mismatches seen since the last call, emptied */
export function takeResponseMismatches(): string[] {
  return state.mismatches.splice(0);
}

export const responseChecksEnabled = () => state.enabled;

const ajv = new Ajv2020({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const compiled = new WeakMap<object, ValidateFunction>();
const validatorOf = (schema: AnySchemaObject) => {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
};

function parsed(payload: unknown): unknown {
  if (typeof payload === 'string') return JSON.parse(payload);
  if (Buffer.isBuffer(payload)) return JSON.parse(payload.toString('utf8'));
  return undefined;
}

export function registerResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || reply.getHeader('content-encoding')) return payload;
    let body: unknown;
    try {
      body = parsed(payload);
    } catch {
      state.mismatches.push(`${request.method} ${request.url}: answer is not JSON`);
      return payload;
    }
    if (body === undefined) return payload;
    const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, AnySchemaObject>;
    const code = (body as { code?: unknown } | null)?.code;
    const ok = code === 0 || typeof code !== 'number';
    const schema = ok ? (responses[String(reply.statusCode)] ?? responses.default) : errorEnvelope;
    if (!schema) return payload;
    const validate = validatorOf(schema);
    if (!validate(body)) {
      const where = `${request.method} ${request.routeOptions.url ?? request.url} (${reply.statusCode})`;
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
      state.mismatches.push(`${where}: ${errors.join('; ')}`);
    }
    return payload;
  });
}
