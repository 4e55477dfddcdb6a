import type { RequestSpec } from '../config-types.gen';
import type { Scope } from '../contract';
import { type ExprEnv, evalTemplate, evalValue } from '../expr';
import type { ApiRequest } from '../services';

function withoutUndefined(v: unknown): Record<string, unknown> | undefined {
  if (!v || typeof v !== 'object') return undefined;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
}

/** Evaluate a request spec against a scope: path templates, params and body. */
export function buildRequest(spec: RequestSpec, scope: Scope, env: ExprEnv): ApiRequest {
  const req: ApiRequest = { method: spec.method, path: String(evalTemplate(spec.path, scope, env)) };
  if (spec.params) req.params = withoutUndefined(evalValue(spec.params, scope, env));
  if (spec.body !== undefined) req.body = evalValue(spec.body, scope, env);
  if (spec.silent) req.silent = true;
  return req;
}
