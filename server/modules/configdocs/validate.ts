/**
 * Checking a draft before it is saved: the same checks as `npm run check:config` (JSON Schemas, widget
 * props, expressions, status maps, theme tokens, fragments, forms, i18n keys), run over the published
 * documents with the draft in its file's place, plus one check the repo's files get from their tests:
 * every API path a screen names is a route this server has.
 */
import { type ConfigOverlay, checkConfig } from '../../../scripts/check-config';
import { pointer } from '../../../scripts/lib/config-walk';
import { problemKey } from '../../../scripts/lib/problem-keys';

export { problemKey };

import { ROOT } from './catalogue';

export interface Problem {
  file: string;
  pointer: string;
  message: string;
  /** the message as an i18n key and its arguments, for the console (scripts/lib/problem-keys.ts) */
  key?: string;
  args?: Record<string, string>;
}

const API = /^\/(mdr|prs|byn)\//;

/** `{path}`s of requests anywhere in a config tree, with their JSON pointer */
function* apiPaths(value: unknown, path: (string | number)[]): Generator<{ path: string; at: string }> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* apiPaths(v, [...path, i]);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.path === 'string' && API.test(o.path))
      yield { path: o.path, at: pointer([...path, 'path']) };
    for (const [k, v] of Object.entries(o)) yield* apiPaths(v, [...path, k]);
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** a route pattern (`:param` and `*` segments) as a regular expression over URL paths */
const routePattern = (url: string) =>
  new RegExp(
    `^${url
      .split(/(:[A-Za-z0-9_]+|\*$)/)
      .map((part, i) => (i % 2 ? '[^/]+' : escapeRe(part)))
      .join('')}$`,
  );

/**
 * A screen's path with sample values for its `{{ }}` expressions, each one segment or two (a value may
 * hold a slash, as `kind/name` does); the query part is left out (a `?` inside an expression, as in
 * `{{ query.id ? query.id : session.user.id }}`, is not the query's).
 */
function samplePaths(path: string): string[] {
  const [first, ...rest] = path
    .replace(/\{\{[^}]*\}\}/g, '\u0000')
    .split('?')[0]
    .split('\u0000');
  let out = [first];
  for (const part of rest.slice(0, 4)) out = out.flatMap((p) => [`${p}x${part}`, `${p}x/x${part}`]);
  return out;
}

export function unknownApiPaths(body: unknown, file: string, routeUrls: readonly string[]): Problem[] {
  const routes = routeUrls.filter((u) => API.test(u)).map(routePattern);
  const out: Problem[] = [];
  for (const { path, at } of apiPaths(body, []))
    if (!samplePaths(path).some((p) => routes.some((r) => r.test(p))))
      out.push({
        file,
        pointer: at,
        message: `unknown data source path "${path}" (no such API route)`,
        ...problemKey('apiPath', { path }),
      });
  return out;
}

/**
 * Problems of a draft for `file` (repo-relative), given the other published documents that differ from
 * the repo (`published`, by file). Problems in other files are reported too: a draft can break them
 * (a removed locale key, a status map a screen names).
 */
export function checkDraft(
  file: string,
  body: unknown,
  published: ConfigOverlay,
  routeUrls: readonly string[],
): Problem[] {
  const overlay = new Map(published);
  overlay.set(file, body);
  const problems: Problem[] = checkConfig(ROOT, overlay);
  if (file.startsWith('screens/')) problems.push(...unknownApiPaths(body, file, routeUrls));
  // the draft's own problems first
  return [...problems.filter((p) => p.file === file), ...problems.filter((p) => p.file !== file)];
}
