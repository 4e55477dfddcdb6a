import zhhk from '../../../locales/zhhk.json';
import type { ConfigNode, FormConfig, ScreenConfig } from '../../engine';
import { registerValidator } from '../../engine';
import { loadFormKit } from '../../engine/forms/form-kit';
import { createFakeServices, type FakeServices } from '../../engine/testing/fake-services';
import { renderScreen } from '../../engine/testing/render-screen';
import { createDefaultRegistry } from '..';
import { preloadRegistry } from '../deferred';
import { initTestI18n } from './i18n';

// screens with forms render only once the form code is loaded (the app's loader does this)
await loadFormKit();

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') into[`${prefix}${k}`] = v;
    else flatten(v, `${prefix}${k}.`, into);
  }
  return into;
}

// deferred widgets render synchronously once fetched, as they do after ScreenHost preloads a screen
await preloadRegistry(createDefaultRegistry());

/** A form that accepts anything: these tests are about widgets, not about data schemas. */
registerValidator('widget-test.schema.json', {
  validate: Object.assign(() => true, { errors: null }),
  messages: {},
} as never);

export const testForm: FormConfig = { id: 'widget-test', dataSchema: 'widget-test.schema.json', fields: [] };

export interface WidgetScreenOptions {
  state?: Record<string, unknown>;
  data?: ScreenConfig['data'];
  /** default values of the form `f` */
  form?: Record<string, unknown>;
  services?: FakeServices;
}

/**
 * Render nodes inside a real screen (engine ScreenRenderer, default registry, zhhk texts), the way a
 * screen author's JSON reaches the widgets. The form `f` is available to field widgets.
 */
export function renderWidgets(body: ConfigNode | ConfigNode[], opts: WidgetScreenOptions = {}) {
  initTestI18n();
  const services = opts.services ?? createFakeServices(flatten(zhhk as Tree));
  const screen: ScreenConfig = {
    id: 'widget-test',
    state: opts.state,
    data: opts.data,
    forms: { f: { form: 'widget-test', defaults: opts.form ?? {} } },
    body: Array.isArray(body) ? { type: 'stack', children: body } : body,
  };
  return renderScreen(screen, {
    registry: createDefaultRegistry(),
    services,
    forms: { 'widget-test': testForm },
  });
}
