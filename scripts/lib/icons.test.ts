import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconFiles, leanSvg } from '../gen-icons';
import { ROOT } from './web-bundle';

describe('icons drawn at build time', () => {
  it('are up to date with icon-names.json and antd-mobile-icons (npx tsx scripts/gen-icons.ts)', async () => {
    const dir = join(ROOT, 'src/widgets/icon/svg');
    const want = await iconFiles();
    expect(readdirSync(dir).sort()).toEqual(Object.keys(want).sort());
    for (const [f, text] of Object.entries(want)) expect(readFileSync(join(dir, f), 'utf8'), f).toBe(text);
  });

  it('keep the drawing and drop what nothing shows', () => {
    const svg = leanSvg(
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><g id="A-A"><rect id="A-r" fill="#FFFFFF" opacity="0" x="0" y="0" width="48" height="48"></rect><path d="M25.1053818,6.5 L1.04,2.5" id="A-p"></path></g></svg>',
    );
    expect(svg).toBe('<svg><g><path d="M25.1,6.5 L1,2.5"></path></g></svg>');
  });
});
