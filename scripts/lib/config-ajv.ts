/** The ajv instance that knows the config language (schemas/*.schema.json) and its annotations. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SCHEMAS_DIR = join(ROOT, 'schemas');
export const WIDGETS_DIR = join(ROOT, 'src/widgets');

export function createConfigAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    discriminator: true,
    allowUnionTypes: true,
  });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // annotations read by tools, not by validation: gen:types (tsType) and form messages (errorMessage)
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  for (const f of readdirSync(SCHEMAS_DIR).filter((n) => n.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS_DIR, f), 'utf8')));
  }
  return ajv;
}
