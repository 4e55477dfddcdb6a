import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildValidators, VALIDATORS_DIR } from '../../../scripts/build-validators';
import { loadValidator } from '../../../src/engine/forms/validators';

describe('precompiled data-schema validators', () => {
  it('are up to date with schemas/data (run npm run build:validators)', () => {
    const built = buildValidators();
    const onDisk = readdirSync(VALIDATORS_DIR).sort();
    expect(onDisk).toEqual([...built.keys()].sort());
    for (const [file, source] of built)
      expect(readFileSync(join(VALIDATORS_DIR, file), 'utf8'), file).toBe(source);
  });

  it('contain no runtime compilation: no eval, new Function or require', () => {
    for (const file of readdirSync(VALIDATORS_DIR)) {
      const src = readFileSync(join(VALIDATORS_DIR, file), 'utf8');
      expect(src, file).not.toMatch(/new Function|\beval\(|\brequire\(/);
    }
  });

  it('load lazily by $id and validate like the server does', async () => {
    const v = await loadValidator('users-update');
    expect(v.validate({ nickname: '球迷' })).toBe(true);
    expect(v.validate({ nickname: 'x'.repeat(21) })).toBe(false);
    expect(v.validate.errors?.[0]).toMatchObject({ instancePath: '/nickname', keyword: 'maxLength' });
    expect(v.properties).toContain('nickname');
  });
});
