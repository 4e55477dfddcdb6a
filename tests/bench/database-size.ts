/**
 * Database budget: what each database route adds on top of the first load of #/match (≤ 60 KB gzip JS
 * each), measured like the match detail (detail-size.ts): a fresh page loads #/match, then the hash
 * moves to the route and every script fetched after that counts. Needs a built web bundle; starts its
 * own server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureRoutes } from './route-size';
import { startServer } from './server-process';

async function get<T>(base: string, path: string): Promise<T> {
  const body = (await (await fetch(`${base}${path}`)).json()) as { data: T };
  return body.data;
}

/** One route of each database screen, with real ids from the API. */
async function databaseRoutes(base: string): Promise<string[]> {
  type Comp = { id: number; code: string };
  const home = await get<{ hot: Comp[] }>(base, '/mdr/api/v1/database/competitions');
  const epl = home.hot.find((c) => c.code === 'EPL') ?? home.hot[0];
  const league = await get<{ standings: { team_id: number }[]; scorers: { player_id: number }[] }>(
    base,
    `/mdr/api/v1/database/competitions/${epl.id}`,
  );
  const teamId = league.standings[0].team_id;
  const team = await get<{ coach: { id: number } | null; squad: { list: { id: number }[] }[] }>(
    base,
    `/mdr/api/v1/database/teams/${teamId}`,
  );
  const playerId = league.scorers[0]?.player_id ?? team.squad[0].list[0].id;
  return [
    '/database',
    `/database/league/index?id=${epl.id}`,
    `/database/team/index?id=${teamId}`,
    `/database/player/index?id=${playerId}`,
    ...(team.coach ? [`/database/coach?id=${team.coach.id}`] : []),
    `/database/player/transfer?id=${playerId}`,
  ];
}

export async function measureDatabase(baseUrl: string) {
  return measureRoutes(baseUrl, await databaseRoutes(baseUrl));
}

export async function benchDatabaseSize(): Promise<
  { what: string; value: string; budget: string; ok: boolean }[]
> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-database-'));
  const server = await startServer(Number(process.env.BENCH_DATABASE_PORT ?? 18904), dataDir, {
    SKIP_WEB_BUILD: '1',
  });
  try {
    return (await measureDatabase(server.url)).map((r) => ({
      what: `#/match -> #${r.route.replace(/\?.*$/, '')} extra JS gzip`,
      value: `${r.js} KB`,
      budget: '≤ 60 KB',
      ok: r.js <= 60,
    }));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchDatabaseSize();
  console.log('\n| measure | value | budget | ok |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'} |`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
