/**
 * The authorization and bad-input matrix over every documented route (server/http/api-matrix.test.ts):
 * each route is called as nobody (no token), as a visitor token, and as a signed-in fan with a body of
 * garbage, and the envelope code of each answer is what api-matrix.json says. A route the document has
 * and the matrix lacks fails the test, so a new endpoint cannot land without its row.
 */
import type { TestApp } from '../test/harness';

export interface MatrixRow {
  /** no Authorization header */
  none: number;
  /** a visitor token (not signed in) */
  visitor: number;
  /** a signed-in fan sending a body of garbage (NUL in a key, a wrong type) */
  userBadInput: number;
}

/** Files and pages rather than API answers: uploaded files, the sandbox gateway's pay page (off in
 * production), generated avatar and product images */
export const NOT_API = /^\/(uploads|sandbox-pay|live-hls)\/|^\/mdr\/api\/v1\/(avatars|shop\/images)\//;

/** `{id}`-style path parameters filled with an id no row has */
export const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '2147480000');

const GARBAGE = { '\u0000': 1, page: 'x', id: [] };

export async function matrixRow(
  t: TestApp,
  method: string,
  path: string,
  userPhone: string,
): Promise<{ row: MatrixRow; statuses: number[]; envelopes: boolean }> {
  // fresh tokens per route: a logout or kick route called before must not decide this row
  const tokens = { visitor: await t.token(), user: (await t.loginByPhone(userPhone)).token };
  const url = concretePath(path);
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const none = await t.call(method as 'GET', url, hasBody ? { body: {} } : {});
  const visitor = await t.call(method as 'GET', url, {
    token: tokens.visitor,
    ...(hasBody ? { body: {} } : {}),
  });
  const bad = await t.call(method as 'GET', hasBody ? url : `${url}?page=x&size=%00`, {
    token: tokens.user,
    ...(hasBody ? { body: GARBAGE } : {}),
  });
  const answers = [none, visitor, bad];
  return {
    row: { none: none.code, visitor: visitor.code, userBadInput: bad.code },
    statuses: answers.map((a) => a.status),
    envelopes: answers.every((a) => typeof a.code === 'number' && typeof a.msg === 'string'),
  };
}
