import { defineConfig } from 'drizzle-kit';

// SQL migrations are generated from the schema without a database: `npx drizzle-kit generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
