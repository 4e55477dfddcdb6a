import type { FormConfig, ScreenConfig } from './config-types.gen';
import { loadFormKit } from './forms/form-kit';

// Every JSON file under screens/ becomes its own lazily loaded chunk: first load stays small.
// The top-level tables are not screens and are imported statically (app shell, api client, engine).
const files = import.meta.glob<{ default: unknown }>([
  '/screens/**/*.json',
  '!/screens/errors.json',
  '!/screens/rules.json',
  '!/screens/routes.json',
  '!/screens/tabs.json',
]);

async function loadJson<T>(path: string): Promise<T> {
  const load = files[`/screens/${path}.json`];
  if (!load) throw new Error(`No config file screens/${path}.json`);
  return (await load()).default as T;
}

export interface ScreenBundle {
  screen: ScreenConfig;
  forms: Record<string, FormConfig>;
}

/** Load a screen (`screens/<id>.json`) and the form configs it uses (`screens/forms/<form>.json`). */
export async function loadScreenBundle(id: string): Promise<ScreenBundle> {
  const screen = await loadJson<ScreenConfig>(id);
  const formIds = [...new Set(Object.values(screen.forms ?? {}).map((f) => f.form))];
  const [forms] = await Promise.all([
    Promise.all(formIds.map((f) => loadJson<FormConfig>(`forms/${f}`))),
    formIds.length ? loadFormKit() : null,
  ]);
  return { screen, forms: Object.fromEntries(formIds.map((f, i) => [f, forms[i]])) };
}
