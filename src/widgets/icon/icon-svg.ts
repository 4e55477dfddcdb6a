/**
 * The one place the icon widget reads an icon's SVG markup (src/widgets/icon/svg/<Name>.json, drawn at
 * build time by scripts/gen-icons.ts). As written here (dev server, tests) it is Vite's table of lazy
 * imports; a production build replaces this module (scripts/lib/config-chunk-names.ts) by a lookup by
 * name, so the first load carries no table of ~80 hashed file names.
 */
const files = import.meta.glob<{ default: string }>('./svg/*.json');

/** The markup of an icon, or undefined for a name that is not in icon-names.json. */
export async function loadIconSvg(name: string): Promise<string | undefined> {
  const load = files[`./svg/${name}.json`];
  return load ? (await load()).default : undefined;
}
