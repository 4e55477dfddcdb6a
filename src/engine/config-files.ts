/**
 * The one place the engine reads the screens' config files (screens/<path>.json: screens, fragments,
 * forms, status maps). As written here (dev server, tests) it is Vite's table of lazy imports. A
 * production build replaces this module (scripts/lib/config-chunk-names.ts): every file is a chunk
 * named `cfg-<one hash>-<path>.js`, so the file of a path is found by its name and the first load
 * carries no table that grows with every screen. The operator-config issue can later answer a
 * published version from here: src/app/config-sync.ts (lazy) sets the documents operators published
 * (issue 15), and they are answered before the bundled seed.
 */
const files = import.meta.glob<{ default: unknown }>([
  '/screens/**/*.json',
  '!/screens/errors.json',
  '!/screens/rules.json',
  '!/screens/routes.json',
  '!/screens/tabs.json',
  '!/screens/theme.json',
]);

/** Documents operators published, by path (src/app/config-sync.ts fills it): answered before the seed. */
export const publishedFiles = new Map<string, unknown>();

/** The content of screens/<path>.json, or undefined when there is no such file. */
export async function loadConfigFile(path: string): Promise<unknown> {
  if (publishedFiles.has(path)) return publishedFiles.get(path);
  const load = files[`/screens/${path}.json`];
  return load ? (await load()).default : undefined;
}
