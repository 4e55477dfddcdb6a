import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConfig } from '../../../scripts/check-config';

const format = (ps: { file: string; pointer: string; message: string }[]) =>
  ps.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('\n');

describe('the repository config', () => {
  it('passes check:config (schemas, widget props, routes, forms, expressions, i18n keys)', () => {
    const problems = checkConfig();
    expect(format(problems)).toBe('');
  });
});

describe('screens name theme tokens, not colours', () => {
  it('no screen, fragment or form carries a literal colour (they live once in screens/theme.json)', () => {
    const literal = /#[0-9a-fA-F]{3,8}\b|rgba?\(/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        const abs = join(dir, d.name);
        if (d.isDirectory()) walk(abs);
        else if (
          d.name.endsWith('.json') &&
          d.name !== 'theme.json' &&
          literal.test(readFileSync(abs, 'utf8'))
        )
          offenders.push(abs);
      }
    };
    walk(join(import.meta.dirname, '../../../screens'));
    expect(offenders).toEqual([]);
  });
});

describe('check:config catches what operators get wrong', () => {
  const root = mkdtempSync(join(tmpdir(), 'check-config-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, json: unknown) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), JSON.stringify(json));
  };
  write('locales/zhhk.json', { common: { ok: '好', only: '只有香港', n: '{{count}} 場' } });
  write('locales/zhcn.json', { common: { ok: '好', n: '场次' } });
  write('locales/zhtw.json', { common: { ok: '好', only: '只有', n: '{{count}} 場' } });
  write('screens/routes.json', {
    keepAliveMax: 10,
    keepAliveExclude: [],
    keepAliveInclude: [],
    routes: [
      { path: '/a', screen: 'demo/a' },
      { path: '/gone', screen: 'demo/missing' },
      { path: '/nothing' },
      { path: '/titled', screen: 'demo/b', title: 'common.noSuchTitle' },
    ],
  });
  write('screens/rules.json', { profile: { nicknameMax: { value: 20, unit: 'chars' } } });
  write('screens/demo/b.json', {
    $schema: '../../schemas/screen.schema.json',
    id: 'demo/b',
    actions: { reload: [{ type: 'refresh' }] },
    body: {
      type: 'field-input',
      props: {
        form: 'f',
        name: 'nickname',
        maxLength: '{{ rules.profile.nicknameMax }}',
        placeholder: '{{ rules.profile.bioMax }} {{ app.version }} {{ app.build }} {{ rulez.x }}',
      },
      on: {
        change: [
          { type: 'run', name: 'reload' },
          { type: 'run', name: 'relaod' },
        ],
      },
    },
  });
  write('screens/demo/a.json', {
    $schema: '../../schemas/screen.schema.json',
    id: 'demo/a',
    forms: { f: { form: 'no-such-form' } },
    body: {
      type: 'stack',
      props: { direction: 'diagonal' },
      children: [
        { type: 'no-such-widget' },
        { type: 'text', props: { text: '$t:common.missing' }, visibleWhen: 'sesion.isLogin' },
        { type: 'text', props: { text: '{{ alert(1) }}' } },
        { type: 'button', on: { press: [{ type: 'toast' }, { type: 'fly' }] } },
      ],
    },
  });
  write('screens/forms/bad.json', {
    $schema: '../../schemas/form.schema.json',
    id: 'bad',
    dataSchema: 'nope',
    fields: [],
  });
  write('screens/theme.json', { colors: { page: '#f5f6f8' } });
  write('screens/errors.json', {
    successCodes: [0],
    toastDuration: 3000,
    networkError: { code: 500, msg: 'Network Error' },
    emptyResponse: { code: 500, toast: 'common.ok' },
    silentHeader: 'x-silent',
    rules: [],
  });
  write('screens/demo/t.json', {
    $schema: '../../schemas/screen.schema.json',
    id: 'demo/t',
    body: {
      type: 'page',
      props: {
        background: '$theme:colors.page',
        title: "{{ theme('colors.nope') }} {{ status('no-map', 1) }}",
      },
      children: [{ type: 'text', props: { text: 'x', color: '$theme:colours.page' } }],
    },
  });
  write('screens/fragments/demo/row.json', {
    $schema: '../../../schemas/fragment.schema.json',
    id: 'demo/row',
    params: { label: {}, tone: { default: 'primary' } },
    body: { type: 'button', props: { text: '$param:label', color: '$param:tone' } },
  });
  write('screens/demo/c.json', {
    $schema: '../../schemas/screen.schema.json',
    id: 'demo/c',
    body: {
      type: 'stack',
      children: [
        { type: 'use', fragment: 'demo/row', params: { label: 'ok' } },
        { type: 'use', fragment: 'demo/row', params: { label: 'x', tone: 'rainbow' } },
        { type: 'use', fragment: 'demo/row' },
        { type: 'use', fragment: 'demo/nope' },
        { type: 'use', fragment: 'demo/row', params: { label: 'y', colour: 'red' } },
        { type: 'use' },
        { type: 'text', fragment: 'demo/row' },
      ],
    },
  });
  write('screens/forms/contact.json', {
    $schema: '../../schemas/form.schema.json',
    id: 'contact',
    dataSchema: 'users-update',
    fields: [
      { name: 'nickname', widget: 'input', label: 'common.ok', props: { maxLength: 20 } },
      { name: 'desc', widget: 'textarea', props: { rows: 'many' } },
      { name: 'unused', widget: 'input' },
    ],
    defaults: { nickname: '', desc: '' },
  });
  write('screens/demo/f.json', {
    $schema: '../../schemas/screen.schema.json',
    id: 'demo/f',
    forms: { c: { form: 'contact', defaults: { nickname: '', desc: 'hi' } } },
    body: {
      type: 'stack',
      children: [
        { type: 'form', form: 'c', fields: ['nickname'] },
        { type: 'form', form: 'c', fields: ['desc'] },
        { type: 'form', form: 'c', fields: ['nope'] },
        { type: 'form', form: 'other' },
        { type: 'form' },
      ],
    },
  });
  const problems = checkConfig(root);
  const has = (file: string, pointer: string, message: string) =>
    expect(problems).toContainEqual(
      expect.objectContaining({ file, pointer, message: expect.stringContaining(message) }),
    );

  it('reports unknown widget types and invalid widget props by JSON pointer', () => {
    has('screens/demo/a.json', '/body/children/0/type', 'unknown widget type "no-such-widget"');
    has('screens/demo/a.json', '/body/props/direction', 'must be equal to one of the allowed values');
  });

  it('reports actions outside the closed union and missing required fields', () => {
    has('screens/demo/a.json', '/body/children/3/on/press/0', "must have required property 'text'");
    has('screens/demo/a.json', '/body/children/3/on/press/1', 'unknown type "fly"');
  });

  it('reports expression errors, unknown names and missing i18n keys', () => {
    has('screens/demo/a.json', '/body/children/2/props/text', 'Unknown function "alert"');
    has('screens/demo/a.json', '/body/children/1/visibleWhen', 'unknown name "sesion"');
    has(
      'screens/demo/a.json',
      '/body/children/1/props/text',
      'i18n key "common.missing" missing in zhhk, zhcn, zhtw',
    );
    has('locales/zhcn.json', '/common/only', 'missing key "common.only"');
  });

  it('reports a text that drops a placeholder the other languages keep, with its i18n key', () => {
    has('locales/zhcn.json', '/common/n', 'placeholders {} differ');
    const p = problems.find((x) => x.file === 'locales/zhcn.json' && x.pointer === '/common/n');
    expect(p).toMatchObject({
      key: 'opsConfig.problem.placeholders',
      args: { key: 'common.n', want: 'count', got: '-' },
    });
  });

  it('knows the rules and app roots: reports rules and app names that do not exist', () => {
    const b = problems.filter(
      (p) => p.file === 'screens/demo/b.json' && p.pointer === '/body/props/placeholder',
    );
    expect(b.map((p) => p.message).sort()).toEqual([
      expect.stringContaining('unknown name "app.build"'),
      expect.stringContaining('unknown name "rulez"'),
      expect.stringContaining('unknown rule "rules.profile.bioMax"'),
    ]);
    expect(problems.filter((p) => p.pointer === '/body/props/maxLength')).toEqual([]);
  });

  it('reports a run action whose list the screen does not define, and a route title missing a text', () => {
    has('screens/demo/b.json', '/body/on/change/1/name', 'no action list "relaod"');
    expect(problems.filter((p) => p.pointer === '/body/on/change/0/name')).toEqual([]);
    has(
      'screens/routes.json',
      '/routes/3/title',
      'i18n key "common.noSuchTitle" missing in zhhk, zhcn, zhtw',
    );
  });

  it('expands fragments: checks the widget props they produce and reports bad use nodes by pointer', () => {
    const c = problems.filter((p) => p.file === 'screens/demo/c.json');
    // the expanded node is checked like any other: a param that breaks the widget's props is caught
    has('screens/demo/c.json', '/body/children/1/props/color', 'must be equal to one of the allowed values');
    expect(c.filter((p) => p.pointer.startsWith('/body/children/0'))).toEqual([]);
    has('screens/demo/c.json', '/body/children/5', "must have required property 'fragment'");
    has('screens/demo/c.json', '/body/children/6', 'must NOT be valid');
  });

  it('reports a missing fragment, a missing param and an unknown param', () => {
    has('screens/demo/c.json', '/body/children/2', 'fragment "demo/row" needs param "label"');
    has('screens/demo/c.json', '/body/children/3', 'unknown fragment "demo/nope"');
    has('screens/demo/c.json', '/body/children/4', 'fragment "demo/row" has no param "colour"');
  });

  it('expands form nodes into field layouts: checks their props, bad form nodes, dead layouts, copied defaults', () => {
    const f = problems.filter((p) => p.file === 'screens/demo/f.json');
    expect(f.filter((p) => p.pointer.startsWith('/body/children/0'))).toEqual([]);
    // the layout in the form file is checked as the field-textarea node it becomes
    has('screens/demo/f.json', '/body/children/1/props/rows', 'must be number');
    has('screens/demo/f.json', '/body/children/2', 'form "contact" lays out no field "nope"');
    has('screens/demo/f.json', '/body/children/3', 'no form "other" in this screen\'s "forms"');
    has('screens/demo/f.json', '/body/children/4', "must have required property 'form'");
    has('screens/forms/contact.json', '/fields/2', 'no screen shows field "unused"');
    expect(
      problems.filter((p) => p.file === 'screens/forms/contact.json' && p.pointer !== '/fields/2'),
    ).toEqual([]);
    has('screens/demo/f.json', '/forms/c/defaults/nickname', 'repeats the default of form "contact"');
    expect(f.filter((p) => p.pointer === '/forms/c/defaults/desc')).toEqual([]);
  });

  it('reports theme tokens that screens/theme.json does not define', () => {
    has('screens/demo/t.json', '/body/props/title', 'unknown theme token "colors.nope"');
    has('screens/demo/t.json', '/body/children/0/props/color', 'unknown theme token "colours.page"');
    has('screens/demo/t.json', '/body/props/title', 'unknown status map "no-map"');
    expect(
      problems.filter((p) => p.file === 'screens/demo/t.json' && p.pointer === '/body/props/background'),
    ).toEqual([]);
  });

  it('requires a text errors.<code> in each language for every code the server answers', () => {
    has('server/http/errors.ts', '/NOT_FOUND', 'i18n key "errors.100404" missing in zhhk, zhcn, zhtw');
  });

  it('reports broken references between files', () => {
    has('screens/routes.json', '/routes/1/screen', 'screens/demo/missing.json does not exist');
    has('screens/routes.json', '/routes/2', 'needs "screen" or "redirect"');
    has('screens/demo/a.json', '/forms/f/form', 'has no file screens/forms/no-such-form.json');
    has('screens/forms/bad.json', '/dataSchema', 'data schema "nope" not found');
  });
});

describe('generated files are up to date (run npm run gen:types / build:validators)', () => {
  it('config-types.gen.ts matches schemas/*.schema.json', async () => {
    const { generateConfigTypes, OUTPUTS } = await import('../../../scripts/gen-config-types');
    expect(await generateConfigTypes()).toBe(readFileSync(OUTPUTS.configTypes, 'utf8'));
  });

  it('src/widgets/props.gen.ts matches the widget props schemas', async () => {
    const { generateWidgetProps, OUTPUTS } = await import('../../../scripts/gen-config-types');
    expect(await generateWidgetProps()).toBe(readFileSync(OUTPUTS.widgetProps, 'utf8'));
  });

  it('server/http/data-schemas.gen.ts matches schemas/data/*.schema.json', async () => {
    const { generateDataSchemas, DATA_SCHEMAS_OUTPUT } = await import('../../../scripts/gen-data-schemas');
    expect(generateDataSchemas()).toBe(readFileSync(DATA_SCHEMAS_OUTPUT, 'utf8'));
  });
});
