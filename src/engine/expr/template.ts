import { THEME_PREFIX, themeVar } from '../theme';
import type { Ast } from './ast';
import { ExprError } from './errors';
import { parseEmbedded } from './parser';

/**
 * A prop string, compiled once:
 * - `"{{ expr }}"` alone -> the raw value of expr (a number stays a number)
 * - text with `{{ }}` parts -> string interpolation (null/undefined render as '')
 * - `"$t:key"` -> translation of key
 * - `"$theme:group.name"` -> `var(--gf-group-name)` (a theme token, src/engine/theme.ts)
 * - anything else -> the string itself
 */
export type Template =
  | { kind: 'plain'; text: string }
  | { kind: 'raw'; ast: Ast; src: string }
  | { kind: 'text'; parts: (string | Ast)[]; src: string }
  | { kind: 'translate'; key: string };

export function parseTemplate(src: string): Template {
  if (src.startsWith('$t:')) return { kind: 'translate', key: src.slice(3).trim() };
  if (src.startsWith(THEME_PREFIX)) return { kind: 'plain', text: themeVar(src.slice(THEME_PREFIX.length)) };
  if (!src.includes('{{')) return { kind: 'plain', text: src };
  const parts: (string | Ast)[] = [];
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    if (open < 0) {
      parts.push(src.slice(i));
      break;
    }
    if (open > i) parts.push(src.slice(i, open));
    const { ast, end } = parseEmbedded(src, open + 2);
    if (end === open + 2) throw new ExprError('Empty {{ }}', open, src);
    parts.push(ast);
    i = end + 2;
  }
  if (parts.length === 1 && typeof parts[0] !== 'string') return { kind: 'raw', ast: parts[0], src };
  const onlyBlankAround =
    parts.filter((p) => typeof p !== 'string').length === 1 &&
    parts.every((p) => typeof p !== 'string' || p.trim() === '');
  if (onlyBlankAround) return { kind: 'raw', ast: parts.find((p) => typeof p !== 'string') as Ast, src };
  return { kind: 'text', parts, src };
}
