/**
 * The demo broadcaster's cost (issue 14 budget: ≤ 30 % of one core). A server started as `npm start`
 * does (demo broadcaster on) keeps its demo rooms live; once every demo room is live, the CPU time
 * (user + sys, /proc/<pid>/stat) of every ffmpeg process in the server's process group is read at the
 * start and the end of a 60 s window: that CPU time over the wall time is the share of one core, so
 * other load on the machine does not count (it only slows the clock the encode keeps up with). The
 * server's own node process is reported apart (it serves the segments; no viewer is watching here).
 * Run alone: npx tsx tests/bench/live-demo-cpu.ts   (needs npm run build)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fetchToken } from '../../server/realtime/testing/nodes';
import type { Row } from './http-load';
import { withServer } from './server-process';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux
const WINDOW_MS = Number(process.env.BENCH_DEMO_SECONDS ?? 60) * 1000;

interface Proc {
  pid: number;
  cmd: string;
  /** user + sys clock ticks */
  ticks: number;
}

/** the processes of a process group with their CPU ticks so far */
function groupProcs(pgid: number): Proc[] {
  const out: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = readFileSync(`/proc/${d}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ... utime(14) stime(15)": split after comm's closing bracket
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.push({ pid: Number(d), cmd, ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export async function benchLiveDemoCpu(): Promise<Row[]> {
  const env = {
    LIVE_DEMO: '1',
    SKIP_WEB_BUILD: '1',
    // any free port: 1935 may be held by another server on this machine
    LIVE_RTMP_PORT: process.env.LIVE_RTMP_PORT ?? '0',
  };
  return withServer(Number(process.env.BENCH_DEMO_PORT ?? 18908), env, async (server) => {
    if (!server.pgid) throw new Error('no server process group');
    const token = await fetchToken(server.url);
    // every demo room live (listed as live once its first segments exist)
    let live = 0;
    let demos = 0;
    for (let i = 0; i < 90 && (live === 0 || live < demos); i++) {
      const res = await fetch(`${server.url}/mdr/api/v1/live/rooms?status=open&size=50`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const list = ((await res.json()) as { data: { list: { demo: boolean; status: string }[] } }).data.list;
      demos = list.filter((r) => r.demo).length;
      live = list.filter((r) => r.demo && r.status === 'live').length;
      if (live === 0 || live < demos) await new Promise((r) => setTimeout(r, 1000));
    }
    if (live === 0) throw new Error('no demo room went live within 90 s');
    // let every room's encoder settle past its start
    await new Promise((r) => setTimeout(r, 5000));
    const before = groupProcs(server.pgid);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const after = groupProcs(server.pgid);
    const seconds = (performance.now() - t0) / 1000;
    const share = (pick: (p: Proc) => boolean) => {
      let ticks = 0;
      for (const p of after.filter(pick)) {
        // a process started during the window counts from zero
        ticks += p.ticks - (before.find((b) => b.pid === p.pid)?.ticks ?? 0);
      }
      return (100 * ticks) / TICKS_PER_SECOND / seconds;
    };
    const isFfmpeg = (p: Proc) => /ffmpeg/.test(p.cmd.split(' ')[0] ?? '');
    const ffmpegs = after.filter(isFfmpeg).length;
    const demo = share(isFfmpeg);
    const rest = share((p) => !isFfmpeg(p));
    return [
      {
        what: `demo broadcaster CPU (${live} of ${demos} demo rooms live, ${ffmpegs} ffmpeg processes, ${Math.round(seconds)} s, /proc utime+stime)`,
        value: `${demo.toFixed(1)} % of one core`,
        budget: '≤ 30 %',
        ok: demo <= 30,
      },
      {
        what: "the server's other processes meanwhile (npm, node; no viewers)",
        value: `${rest.toFixed(1)} % of one core`,
        budget: 'reported',
        ok: true,
      },
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchLiveDemoCpu();
  console.table(rows);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
