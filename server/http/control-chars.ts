/**
 * Global guard against control characters, behind the schema rule (schemas/data/text.schema.json):
 * a route whose schema forgets `text#/$defs/line` (or has no schema, like a path parameter read as it
 * is) must still answer 100400, not hand a NUL to PostgreSQL (which refuses it: 100500).
 *   - URL: path parameters and query values may hold no control character at all (U+0000-U+001F, U+007F);
 *   - JSON bodies: no control character except tab, line feed and carriage return (multi-line text
 *     fields); the data schemas refuse those too where a field is a single line.
 * The answer is the validation envelope: {code: 100400, data: {in, pointer, keyword: 'pattern'}}.
 */
import type { FastifyInstance } from 'fastify';
import { textSchema } from './data-schemas.gen';

// the very patterns of the schema rule, so the guard and the schemas cannot drift apart
const textDefs = textSchema.$defs;
/** a string without any C0 control character or DEL */
export const LINE = new RegExp(textDefs.line.pattern, 'u');
/** a string without C0 control characters or DEL, except \t \n \r */
export const MULTILINE = new RegExp(textDefs.multiline.pattern, 'u');
/** quick test of the raw URL: a percent-encoded control character somewhere (raw ones fail LINE) */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** JSON pointer of the first string (value or key) that `allowed` does not match, else null. */
export function findControl(value: unknown, allowed: RegExp, pointer = '', depth = 0): string | null {
  if (typeof value === 'string') return allowed.test(value) ? null : pointer || '/';
  if (!value || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControl(value[i], allowed, `${pointer}/${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const here = `${pointer}/${escapePointer(key)}`;
    if (!allowed.test(key)) return here;
    const found = findControl(v, allowed, here, depth + 1);
    if (found) return found;
  }
  return null;
}

function controlError(context: 'params' | 'querystring' | 'body', pointer: string) {
  return Object.assign(new Error('control character'), {
    validation: [{ instancePath: pointer === '/' ? '' : pointer, keyword: 'pattern', params: {} }],
    validationContext: context,
  });
}

export function registerControlCharGuard(app: FastifyInstance): void {
  // onRequest: before the auth hook and the websocket handler read the token from the query.
  // Callback hooks, not async ones: they run on every request (no promise per request).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!ENCODED_CONTROL.test(request.url) && LINE.test(request.url)) return done();
    const inParams = findControl(request.params, LINE);
    if (inParams) return done(controlError('params', inParams));
    const inQuery = findControl(request.query, LINE);
    if (inQuery) return done(controlError('querystring', inQuery));
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) return done();
    const inBody = findControl(request.body, MULTILINE);
    done(inBody ? controlError('body', inBody) : undefined);
  });
}
