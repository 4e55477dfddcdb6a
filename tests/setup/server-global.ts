// Builds the seeded template database once, before any server test file runs. Inside a file's beforeAll the
// build (migrations plus the full seed: ~40 s on PostgreSQL on an idle two-core machine) could hit the hook
// timeout when the machine is busy; here it has no timeout, and every file then only copies the template.
import { pgliteTemplate } from '../../server/bootstrap/template';
import { ensurePostgresTemplate } from '../../server/test/template-db';

export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await ensurePostgresTemplate(url);
  else await pgliteTemplate();
}
