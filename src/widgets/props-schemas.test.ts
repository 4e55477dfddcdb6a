import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';

const widgetsDir = import.meta.dirname;
const catalogue = readFileSync(resolve(widgetsDir, '../../docs/widget-catalogue.md'), 'utf8');

/** Rows of the catalogue table: type(s) in the first column, props in the second. */
function catalogueRows(): { type: string; props: string[] }[] {
  const rows: { type: string; props: string[] }[] = [];
  for (const line of catalogue.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || cells[1] === 'type' || cells[1].startsWith('---')) continue;
    const props = cells[2]
      .split(',')
      .map((p) => p.trim().split(/[\s(]/)[0])
      .filter((p) => /^[a-zA-Z]+$/.test(p));
    const types = cells[1].split(/[/,]/).map((t) => t.trim());
    // "divider / spacer | text / size": props pair up with types
    const pairedProps = cells[2].split('/').map((p) => p.trim());
    types.forEach((type, i) => {
      const paired = cells[1].includes('/');
      rows.push({ type, props: paired ? [pairedProps[i]].filter(Boolean) : props });
    });
  }
  return rows;
}

const schemaOf = (type: string) =>
  JSON.parse(readFileSync(resolve(widgetsDir, type, 'props.schema.json'), 'utf8'));

describe('widget props schemas', () => {
  const rows = catalogueRows();

  it('exist for every type in the catalogue and name every documented prop', () => {
    expect(rows.length).toBeGreaterThan(30);
    for (const { type, props } of rows) {
      expect(existsSync(resolve(widgetsDir, type, 'props.schema.json')), `${type} has a schema`).toBe(true);
      const known = Object.keys(schemaOf(type).properties);
      for (const p of props) expect(known, `${type}.${p}`).toContain(p);
    }
  });

  it('compile and accept literal values and {{ }} expressions, but reject typos', () => {
    const folders = readdirSync(widgetsDir).filter((d) =>
      existsSync(resolve(widgetsDir, d, 'props.schema.json')),
    );
    const ajv = new Ajv2020({ allErrors: true });
    const compiled = new Map(folders.map((type) => [type, ajv.compile(schemaOf(type))]));
    expect(compiled.size).toBe(folders.length);

    const button = compiled.get('button')!;
    expect(
      button({ text: '$t:login.submit', color: 'primary', block: true, disabled: '{{ !form.phone }}' }),
    ).toBe(true);
    expect(button({ text: '登入', colour: 'primary' })).toBe(false);
    expect(button({ text: '登入', color: 'purple' })).toBe(false);

    const input = compiled.get('field-input')!;
    expect(input({ form: 'login', name: 'phone', inputType: 'tel', maxLength: 11 })).toBe(true);
    expect(input({ name: 'phone' })).toBe(false);
  }, 20000);
});
