/**
 * Live and discover budgets: the live room page adds ≤ 80 KB gzip JS to the first load of #/match (issue
 * 14: hls.js loads only there), the discover tab ≤ 60 KB (issue 13). Measured as route-size.ts does, on a
 * demo room of a server started as `npm start` does. Needs a built web bundle; starts its own server.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fetchToken } from '../../server/realtime/testing/nodes';
import type { Row } from './http-load';
import { measureRoutes } from './route-size';
import { startServer } from './server-process';

/** gzip KB of the built hls.js light chunk (dist/web/assets/hls.light-*.js), null if absent */
function hlsJsChunkKb(): number | null {
  const dir = join(process.env.WEB_DIR || 'dist/web', 'assets');
  if (!existsSync(dir)) return null;
  for (const f of readdirSync(dir)) {
    if (f.startsWith('hls.light') && f.endsWith('.js'))
      return Math.round(gzipSync(readFileSync(join(dir, f))).length / 102.4) / 10;
  }
  return null;
}

export async function benchLiveSize(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-live-'));
  const server = await startServer(Number(process.env.BENCH_LIVE_PORT ?? 18906), dataDir, {
    SKIP_WEB_BUILD: '1',
    // any free port: 1935 may be held by another server on this machine
    LIVE_RTMP_PORT: process.env.LIVE_RTMP_PORT ?? '0',
  });
  try {
    const token = await fetchToken(server.url);
    // the demo broadcaster's rooms are listed once their first segments exist (a few seconds after start)
    let room: number | undefined;
    for (let i = 0; i < 60 && room === undefined; i++) {
      const res = await fetch(`${server.url}/mdr/api/v1/live/rooms`, {
        headers: { authorization: `Bearer ${token}` },
      });
      room = ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]?.id;
      if (room === undefined) await new Promise((r) => setTimeout(r, 1000));
    }
    // the room twice: as Debian's Chromium plays it (native HLS), and on the MSE path a browser without
    // native HLS takes (the widget's own fMP4 player, forced with the player=mse test switch)
    const live = room
      ? [`/live/personal/detail?id=${room}`, `/live/personal/detail?id=${room}&player=mse`]
      : [];
    const routes = ['/sight', ...live];
    // counted until the video PLAYS (data-started: the first frame), so the room is usable with its
    // chrome, chat, gifts and picture: on a browser with native HLS (Debian Chromium 156 says 'maybe')
    // no hls.js loads; the hls.js fallback chunk is reported apart (what a browser without native HLS adds)
    const playing = 'video[data-started]';
    const measured = await measureRoutes(
      server.url,
      routes,
      Object.fromEntries(live.map((r) => [r, playing])),
    );
    const hlsChunk = hlsJsChunkKb();
    return [
      ...measured.map((r) => {
        const budget = r.route.startsWith('/live') ? 80 : 60;
        return {
          what: `#/match -> #${r.route.replace(/\?.*$/, '')}${r.route.includes('player=mse') ? ' (MSE player)' : r.route.startsWith('/live') ? ' (native HLS)' : ''} extra JS gzip`,
          value: `${r.js} KB`,
          budget: `≤ ${budget} KB`,
          ok: r.js <= budget,
        };
      }),
      ...(room ? [] : [{ what: 'a live room to open', value: 'none', budget: '≥ 1', ok: false }]),
      {
        what: 'hls.js light chunk (only for a playlist neither native HLS nor the MSE player plays)',
        value: hlsChunk === null ? 'not found' : `${hlsChunk} KB`,
        budget: 'reported',
        ok: true,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchLiveSize();
  console.table(rows);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
