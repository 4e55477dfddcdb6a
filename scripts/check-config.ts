/**
 * `npm run check:config`: validates every config file under screens/ against the config language and
 * cross-checks what schemas alone cannot: widget props per node type, route -> screen files, form ->
 * data schema, expressions (syntax, known names, `rules.*` against rules.json, `app.*`), `run` actions
 * against the screen's named lists, and i18n keys (texts, route titles) in all three locales.
 * Prints `file: /json/pointer: message` per problem and exits 1 when there is any.
 */
import { basename, join, relative, resolve } from 'node:path';
import { E } from '../server/http/errors';
import { expandFormNodes, type FormLayoutError, formNodesOf } from '../src/engine/form-layout';
import { expandFragments, type FragmentError } from '../src/engine/fragments';
import { ajvMessage, readable } from './lib/ajv-messages';
import { checkLocales } from './lib/check-locales';
import { codeKeys } from './lib/code-keys';
import { createConfigAjv, ROOT } from './lib/config-ajv';
import {
  dataSchemaIds,
  nodesOf,
  readForms,
  readFragments,
  readRules,
  readThemeTokens,
  runActionsOf,
  widgetValidators,
} from './lib/config-readers';
import { type ConfigOverlay, type ConfigProblem, configFiles, schemaFor } from './lib/config-source';
import { pointer, walkExpressions } from './lib/config-walk';
import { ajvKey, messageKey, type ProblemKey, problemKey } from './lib/problem-keys';
import { unusedKeys } from './lib/unused-keys';

export { type ConfigOverlay, type ConfigProblem, LANGS, schemaFor } from './lib/config-source';
export { checkLocales };

export function checkConfig(root = ROOT, overlay?: ConfigOverlay): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const fs = configFiles(root, overlay);
  const screensDir = join(root, 'screens');
  const rules = readRules(fs, screensDir);
  const ajv = createConfigAjv();
  const widgets = widgetValidators(ajv);
  const dataIds = dataSchemaIds();
  const usedKeys: { file: string; key: string; pointer: string }[] = [];
  const files = new Map<string, any>();
  const fragments = readFragments(fs, screensDir);
  const tokens = readThemeTokens(fs, screensDir);
  const renderedFields = new Set<string>();
  const formLayouts: { file: string; id: string; names: string[] }[] = [];

  for (const abs of fs.list(screensDir)) {
    const rel = relative(screensDir, abs).split('\\').join('/');
    const file = `screens/${rel}`;
    const report = (ptr: string, message: string, k?: ProblemKey) =>
      problems.push({ file, pointer: ptr, message, ...k });
    let json: any;
    try {
      json = fs.read(abs);
    } catch (e) {
      report(
        '',
        `invalid JSON: ${(e as Error).message}`,
        problemKey('json', { detail: (e as Error).message }),
      );
      continue;
    }
    files.set(rel, json);
    const schemaId = schemaFor(rel, json);
    const validate = ajv.getSchema(schemaId);
    if (!validate) {
      report('/$schema', `unknown schema "${schemaId}"`, problemKey('schema', { name: schemaId }));
      continue;
    }
    if (!validate(json))
      for (const e of readable(validate.errors ?? [])) report(e.instancePath, ajvMessage(e), ajvKey(e));

    const walked = walkExpressions(json, [], undefined, rules);
    for (const f of walked.errors) problems.push({ file, ...f });
    for (const k of walked.keys) usedKeys.push({ file, ...k });
    for (const { map, pointer: at } of walked.statusMaps)
      if (!fs.exists(join(screensDir, 'status', `${map}.json`)))
        report(
          at,
          `unknown status map "${map}" (no screens/status/${map}.json)`,
          problemKey('statusMap', { map }),
        );
    for (const { token, pointer: at } of walked.themes)
      if (!tokens.has(token))
        report(
          at,
          `unknown theme token "${token}" (screens/theme.json)`,
          problemKey('themeToken', { token }),
        );

    if (schemaId === 'screen.schema.json') {
      const expectedId = rel.replace(/\.json$/, '');
      if (json.id !== expectedId)
        report(
          '/id',
          `id must be "${expectedId}" (its path under screens/)`,
          problemKey('id', { id: expectedId }),
        );
      const withFragments = expandFragments(json.body, (n) => fragments.get(n), {
        path: '/body',
        onError: (e: FragmentError) => report(e.pointer, e.message, messageKey(e.message)),
      });
      const formFiles = readForms(fs, screensDir, json.forms);
      for (const node of formNodesOf(withFragments)) {
        const id = json.forms?.[node.form]?.form;
        for (const name of node.fields ?? (formFiles[id]?.fields ?? []).map((f: any) => f.name))
          if (id) renderedFields.add(`${id}/${name}`);
      }
      const body = expandFormNodes(withFragments, json.forms ?? {}, formFiles, {
        path: '/body',
        onError: (e: FormLayoutError) => report(e.pointer, e.message, messageKey(e.message)),
      });
      for (const { node, path } of nodesOf(body, ['body'])) {
        // a use or form node that could not expand is reported above
        if (node.type === 'use' || node.type === 'form') continue;
        const check = widgets.get(node.type);
        if (!check) {
          report(
            pointer([...path, 'type']),
            `unknown widget type "${node.type}"`,
            problemKey('widget', { type: node.type }),
          );
        } else if (!check(node.props ?? {})) {
          for (const e of readable(check.errors ?? []))
            report(pointer([...path, 'props']) + e.instancePath, ajvMessage(e), ajvKey(e));
        }
      }
      for (const { name, path } of runActionsOf(json, [])) {
        if (!Object.hasOwn(json.actions ?? {}, name))
          report(
            pointer([...path, 'name']),
            `no action list "${name}" in this screen's "actions"`,
            problemKey('actionList', { name }),
          );
      }
      for (const [name, entry] of Object.entries<any>(json.forms ?? {})) {
        const form = formFiles[entry.form];
        if (!form) {
          report(
            pointer(['forms', name, 'form']),
            `form "${entry.form}" has no file screens/forms/${entry.form}.json`,
            problemKey('formFile', { form: entry.form }),
          );
          continue;
        }
        // one place per form: a screen states only the defaults that differ from the form file's
        for (const [key, value] of Object.entries<unknown>(entry.defaults ?? {}))
          if (form.defaults && JSON.stringify(form.defaults[key]) === JSON.stringify(value))
            report(
              pointer(['forms', name, 'defaults', key]),
              `repeats the default of form "${entry.form}"`,
              problemKey('formDefault', { form: entry.form }),
            );
      }
    }
    if (schemaId === 'fragment.schema.json') {
      const expectedId = rel.replace(/^fragments\//, '').replace(/\.json$/, '');
      if (json.id !== expectedId)
        report(
          '/id',
          `id must be "${expectedId}" (its path under screens/fragments/)`,
          problemKey('idFile', { id: expectedId }),
        );
    }
    if (schemaId === 'form.schema.json') {
      formLayouts.push({ file, id: json.id, names: (json.fields ?? []).map((f: any) => f.name) });
      if (json.id !== basename(rel, '.json'))
        report(
          '/id',
          `id must be "${basename(rel, '.json')}" (its file name)`,
          problemKey('idFile', { id: basename(rel, '.json') }),
        );
      const ds = String(json.dataSchema ?? '').replace(/\.schema\.json$/, '');
      if (!dataIds.has(ds) && !dataIds.has(json.dataSchema)) {
        report(
          '/dataSchema',
          `data schema "${json.dataSchema}" not found in schemas/data`,
          problemKey('dataSchema', { name: json.dataSchema }),
        );
      }
    }
    if (schemaId === 'route-table.schema.json') {
      for (const [i, r] of (json.routes ?? []).entries()) {
        if (!r.screen && !r.redirect)
          report(pointer(['routes', i]), 'a route needs "screen" or "redirect"', problemKey('routeTarget'));
        if (r.screen && !fs.exists(join(screensDir, `${r.screen}.json`))) {
          report(
            pointer(['routes', i, 'screen']),
            `screen file screens/${r.screen}.json does not exist`,
            problemKey('screenFile', { screen: r.screen }),
          );
        }
      }
      for (const [i, r] of (json.routes ?? []).entries()) {
        if (typeof r.title === 'string')
          usedKeys.push({ file, key: r.title, pointer: pointer(['routes', i, 'title']) });
      }
      const seen = new Set<string>();
      for (const [i, r] of (json.routes ?? []).entries()) {
        if (seen.has(r.path))
          report(
            pointer(['routes', i, 'path']),
            `duplicate route "${r.path}"`,
            problemKey('routeDup', { path: r.path }),
          );
        seen.add(r.path);
      }
    }
    if (schemaId === 'error-catalogue.schema.json') {
      // every code the server answers has its text, errors.<code>, in each language
      for (const [name, code] of Object.entries(E))
        usedKeys.push({ file: 'server/http/errors.ts', key: `errors.${code}`, pointer: `/${name}` });
      if (json.emptyResponse?.toast)
        usedKeys.push({ file, key: json.emptyResponse.toast, pointer: '/emptyResponse/toast' });
    }
  }

  // no dead config: a field layout that no screen's form node shows is an error, not a promise
  for (const { file, id, names } of formLayouts)
    for (const [i, name] of names.entries())
      if (!renderedFields.has(`${id}/${name}`))
        problems.push({
          file,
          pointer: `/fields/${i}`,
          message: `no screen shows field "${name}" (a "form" node)`,
          ...problemKey('unshownField', { name }),
        });

  // and the keys the app's and the server's code name (widgets, engine, server messages)
  usedKeys.push(...codeKeys(root));
  problems.push(...checkLocales(root, usedKeys, fs));
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const problems = checkConfig();
  for (const p of problems) console.log(`${p.file}: ${p.pointer || '/'}: ${p.message}`);
  // a report, not a failure: texts nothing seems to use (dynamic keys are counted as used by prefix)
  const unused = unusedKeys(ROOT);
  if (unused.length)
    console.log(
      `${unused.length} locale key(s) possibly unused: ${unused.slice(0, 30).join(', ')}${unused.length > 30 ? ', …' : ''}`,
    );
  console.log(problems.length ? `\n${problems.length} problem(s)` : 'config OK');
  process.exit(problems.length ? 1 : 0);
}
