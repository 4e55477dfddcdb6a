/**
 * The server process: config -> production safety check -> database (created, migrated and seeded on
 * first run) -> app -> web bundle -> listen. SIGINT/SIGTERM close the app (sockets, hub) and then the
 * database. With NODE_ENV=production an unsafe configuration (see productionProblems in ./config)
 * exits with status 1 before anything is opened.
 */
import { buildApp } from './app';
import { openAppDatabase } from './bootstrap';
import { loadConfig, productionProblems, startupWarnings } from './config';
import { registerWebBundle } from './http/web-bundle';
import { lockDemoAccounts } from './modules/ops';

const config = loadConfig();
const problems = productionProblems(config);
if (problems.length > 0) {
  console.error(
    `GoalFan refuses to start with NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
      'See the Environment table of README.md.',
  );
  process.exit(1);
}
const t0 = Date.now();
const database = await openAppDatabase(config);
const app = await buildApp({ db: database.db, config });
if (config.nodeEnv === 'production' && process.env.DEMO_ACCOUNTS_IN_PRODUCTION !== '1') {
  // the README's demo passwords and demo operator must not work on a public deployment
  const locked = await lockDemoAccounts(database.db);
  if (locked.passwordsRemoved.length || locked.operatorDemoted)
    app.log.warn(locked, 'demo accounts locked: documented passwords removed, demo operator demoted');
}
await registerWebBundle(app, config.webDir);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

for (const warning of startupWarnings(config)) app.log.warn(warning);
await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(
  `GoalFan ready at ${config.tls ? 'https' : 'http'}://${shown}:${config.port} (${database.kind}, ${Date.now() - t0} ms to start)`,
);
