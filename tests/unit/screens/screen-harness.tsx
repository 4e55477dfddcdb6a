/**
 * Renders a real screen file (screens/<id>.json, its forms, the real widgets, the zhhk texts) against
 * fake services, so tests see what a Hong Kong user would see.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { initI18n, t } from '../../../src/app/i18n';
import type { FormConfig, ScreenConfig } from '../../../src/engine/config-types.gen';
import { expandFormNodes } from '../../../src/engine/form-layout';
import { registerValidator } from '../../../src/engine/forms/validators';
import { expandFragments, type FragmentConfig } from '../../../src/engine/fragments';
import { loadStatusMaps, statusField } from '../../../src/engine/status-maps';
import { createFakeServices, type FakeServices } from '../../../src/engine/testing/fake-services';
import { renderScreen } from '../../../src/engine/testing/render-screen';
import { statusMapIds } from '../../../src/engine/testing/status-map-ids';
import { createDefaultRegistry } from '../../../src/widgets';
import { preloadRegistry } from '../../../src/widgets/deferred';

const root = resolve(import.meta.dirname, '../../..');
const readJson = <T,>(path: string): T => JSON.parse(readFileSync(resolve(root, path), 'utf8')) as T;

/** Widgets translate through react-i18next, the screen's expressions through services.t: both get zhhk. */
/** zhhk texts, and every widget chunk loaded up front (the app's ScreenHost waits for them the same way). */
export async function loadHongKongTexts(): Promise<void> {
  // and every status map (the app's loader fetches a screen's own with the screen)
  await Promise.all([
    initI18n('zhhk'),
    preloadRegistry(createDefaultRegistry()),
    loadStatusMaps(statusMapIds()),
  ]);
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
// the shared text rules the data schemas refer to ("$ref": "text#/$defs/line")
ajv.addSchema(readJson<object>('schemas/data/text.schema.json'));
const validatorsReady = new Set<string>();
function ensureValidator(id: string) {
  if (validatorsReady.has(id)) return;
  const validate = ajv.compile(readJson<object>(`schemas/data/${id}.schema.json`));
  registerValidator(id, { validate: validate as never, messages: {} });
  validatorsReady.add(id);
}

export function loadScreen(id: string): { screen: ScreenConfig; forms: Record<string, FormConfig> } {
  const screen = readJson<ScreenConfig>(`screens/${id}.json`);
  const forms: Record<string, FormConfig> = {};
  for (const { form } of Object.values(screen.forms ?? {})) {
    forms[form] = readJson<FormConfig>(`screens/forms/${form}.json`);
    ensureValidator(forms[form].dataSchema);
  }
  // as the app's loader does: `use` nodes become their fragments, `form` nodes the field layouts of the form files
  const body = expandFragments(screen.body, (name) =>
    readJson<FragmentConfig>(`screens/fragments/${name}.json`),
  );
  return { screen: { ...screen, body: expandFormNodes(body, screen.forms ?? {}, forms) }, forms };
}

export function renderScreenFile(
  id: string,
  opts: { path: string; query?: Record<string, string>; services?: FakeServices },
) {
  const { screen, forms } = loadScreen(id);
  const services = opts.services ?? createFakeServices();
  services.t = t;
  services.status ??= statusField;
  return renderScreen(screen, {
    registry: createDefaultRegistry(),
    services,
    forms,
    route: { path: opts.path, params: {} },
    query: opts.query,
  });
}

export { createFakeServices };
