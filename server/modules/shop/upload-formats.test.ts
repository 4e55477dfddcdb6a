/**
 * The shop's image pickers and the texts about them say what the server takes: every shop form's uploader
 * offers the formats the attachment route sniffs (jpg, png, webp), its wrong-type toast names them in each
 * script, and the 100415 message names whatever the refused request took (never a fixed "jpg only").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS } from '../users';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const SHOP_FORMS = ['after-sale-apply', 'after-sale-edit', 'review-create', 'ops-product-images'];
const LOCALES = ['zhhk', 'zhcn', 'zhtw'].map((l) => json(`locales/${l}.json`));

const lookup = (texts: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);

describe('shop upload formats', () => {
  it('every shop form offers jpg, png and webp and its refusal toast names all three, in each script', () => {
    for (const id of SHOP_FORMS) {
      const fields = json(`screens/forms/${id}.json`).fields as Record<string, any>[];
      const uploaders = fields.filter((f) => f.widget === 'image-uploader');
      expect(uploaders.length, id).toBeGreaterThan(0);
      for (const f of uploaders) {
        expect([...f.props.formats].sort(), id).toEqual([...IMAGE_FORMATS].sort());
        const key = String(f.props.wrongTypeText).replace(/^\$t:/, '');
        for (const texts of LOCALES) {
          const text = String(lookup(texts, key));
          for (const name of ['jpg', 'png', 'webp']) expect(text, `${id} ${key}`).toContain(name);
        }
      }
    }
  });

  it('the 100415 message takes the accepted formats from the error, in each script', () => {
    for (const texts of LOCALES) {
      expect(texts.errors['100415']).toContain('{{formats}}');
      expect(texts.errors['100415']).not.toMatch(/jpg|jpeg|png|webp/);
    }
  });
});
