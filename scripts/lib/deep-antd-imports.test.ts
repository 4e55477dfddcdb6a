import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdExportTable, deepenAntdImports } from './deep-antd-imports';

const table = antdExportTable(
  readFileSync(join(import.meta.dirname, '../../node_modules/antd-mobile/es/index.js'), 'utf8'),
);

describe('deep antd-mobile imports', () => {
  it('reads components, helpers and renamed exports from the package index', () => {
    expect(table.get('Popup')).toEqual(['components/popup', 'default']);
    expect(table.get('CenterPopup')).toEqual(['components/center-popup', 'default']);
    expect(table.get('setDefaultConfig')).toEqual(['components/config-provider', 'setDefaultConfig']);
    expect(table.get('unstableSetRender')).toEqual(['utils/unstable-render', 'unstableSetRender']);
  });

  it('rewrites a root import into one deep import per name, keeping local names and types', () => {
    const out = deepenAntdImports(
      "import { ImageUploader, type ImageUploadItem, Toast as T } from 'antd-mobile';\nT.show('x');",
      table,
    );
    expect(out).toContain("import ImageUploader from 'antd-mobile/es/components/image-uploader';");
    expect(out).toContain("import type { ImageUploadItem } from 'antd-mobile';");
    expect(out).toContain("import T from 'antd-mobile/es/components/toast';");
    expect(out).toContain("T.show('x');");
    expect(out).not.toMatch(/import \{[^}]*ImageUploader[^}]*\} from 'antd-mobile';/);
  });

  it('rewrites a re-export the same way', () => {
    const out = deepenAntdImports("export { Dialog, Toast } from 'antd-mobile';", table);
    expect(out).toBe(
      "export { default as Dialog } from 'antd-mobile/es/components/dialog';\nexport { default as Toast } from 'antd-mobile/es/components/toast';",
    );
  });

  it('leaves an import alone when it names something the index does not export', () => {
    const code = "import { Popup, NotAThing } from 'antd-mobile';";
    expect(deepenAntdImports(code, table)).toBeNull();
    expect(deepenAntdImports("import x from 'antd-mobile-icons/es/A';", table)).toBeNull();
  });
});
