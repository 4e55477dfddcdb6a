/**
 * A field's name as people read it. A schema property may name its label's locale key (`x-label`);
 * otherwise the convention is `opsConfig.fieldsIn.<parent>.<key>` where a name means something else
 * under another parent (`colors.page` is a colour, `paging.page` a page number), else
 * `opsConfig.fields.<key>` (one text per property name: `contentMin` reads 「內容最少字數」 wherever it is). The raw key stays beside it as a hint,
 * since it is what the JSON view and the server's problems show. Without a text, the key is the label.
 */
import type { FormCtx } from './form-context';

export interface FieldLabel {
  /** what the field is called */
  text: string;
  /** the raw key, shown small beside a human label; undefined when the label is the key */
  hint?: string;
}

const NAME = /^[A-Za-z][\w-]*$/;

export function fieldLabel(ctx: FormCtx, key: string, schema: unknown, parent?: string | number): FieldLabel {
  const own =
    schema && typeof schema === 'object' ? (schema as Record<string, unknown>)['x-label'] : undefined;
  const named = NAME.test(key);
  const candidates = [
    typeof own === 'string' ? own : '',
    named && typeof parent === 'string' && NAME.test(parent) ? `opsConfig.fieldsIn.${parent}.${key}` : '',
    named ? `opsConfig.fields.${key}` : '',
  ];
  const found = candidates.find((k) => k && ctx.exists(k));
  return found ? { text: ctx.t(found), hint: key } : { text: key };
}
