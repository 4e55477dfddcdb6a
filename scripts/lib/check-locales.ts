/** The locale half of `check:config`: the three files' schema, keys present in all, placeholders, used keys present. */
import { join } from 'node:path';
import { ajvMessage, readable } from './ajv-messages';
import { createConfigAjv } from './config-ajv';
import { type ConfigFiles, type ConfigProblem, configFiles, LANGS } from './config-source';
import { flattenKeys } from './config-walk';
import { placeholderProblems } from './placeholders';
import { ajvKey, problemKey } from './problem-keys';

/** Every key in all three locales, and every key the configs use present in each. */
export function checkLocales(
  root: string,
  used: { file: string; key: string; pointer: string }[],
  fs: ConfigFiles = configFiles(root),
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const keys = new Map<string, Set<string>>();
  const trees = new Map<string, unknown>();
  const ajv = createConfigAjv();
  const validate = ajv.getSchema('locale.schema.json')!;
  for (const lang of LANGS) {
    const file = `locales/${lang}.json`;
    let tree: unknown;
    try {
      tree = fs.read(join(root, file));
    } catch (e) {
      const detail = (e as Error).message;
      problems.push({
        file,
        pointer: '',
        message: `invalid JSON: ${detail}`,
        ...problemKey('json', { detail }),
      });
      continue;
    }
    if (!validate(tree))
      for (const e of readable(validate.errors ?? []))
        problems.push({ file, pointer: e.instancePath, message: ajvMessage(e), ...ajvKey(e) });
    keys.set(lang, flattenKeys(tree));
    trees.set(lang, tree);
  }
  problems.push(...placeholderProblems(trees));
  const all = new Set([...keys.values()].flatMap((s) => [...s]));
  for (const [lang, set] of keys) {
    for (const k of all) {
      if (!set.has(k))
        problems.push({
          file: `locales/${lang}.json`,
          pointer: `/${k.split('.').join('/')}`,
          message: `missing key "${k}" (present in another locale)`,
          ...problemKey('missingKey', { key: k }),
        });
    }
  }
  for (const u of used) {
    const missing = [...keys].filter(([, set]) => !set.has(u.key)).map(([lang]) => lang);
    if (missing.length)
      problems.push({
        file: u.file,
        pointer: u.pointer,
        message: `i18n key "${u.key}" missing in ${missing.join(', ')}`,
        ...problemKey('keyMissingIn', { key: u.key, langs: missing.join(', ') }),
      });
  }
  return problems;
}
