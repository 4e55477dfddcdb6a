import { defineConfig } from 'vitest/config';
import { deepAntdImports } from './scripts/lib/deep-antd-imports';

// Two projects: `unit` (engine, widgets, app, api, contracts; jsdom) and `server` (API tests on PGlite, or on
// PostgreSQL when DATABASE_URL is set). `npm test` runs both; CI runs `server` again on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        // the build's deep antd-mobile imports (scripts/lib/deep-antd-imports.ts): the package root would
        // resolve to its CommonJS build here, a second antd-mobile that antd-setup's React 19 render does not reach
        plugins: [deepAntdImports(import.meta.dirname)],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'contracts/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup/unit.ts'],
          // its ESM build imports its own files without extensions (fine for a bundler, not for Node):
          // Vite resolves them when it processes the package, as the app's build does
          server: { deps: { inline: ['codemirror-json-schema'] } },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          setupFiles: ['tests/setup/server.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
