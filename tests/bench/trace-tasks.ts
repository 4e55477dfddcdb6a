/**
 * What fills each long task while a page opens, by trace event (Layout, UpdateLayoutTree, Paint,
 * EvaluateScript, FunctionCall, ParseHTML...), at a phone's size with the CPU slowed 4x. cpu-profile.ts
 * names JavaScript functions but files style, layout and paint under "(program)"; this names those.
 *   npx tsx tests/bench/trace-tasks.ts 'http://127.0.0.1:8080/#/experts'
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown> };
}

const url = process.argv[2] ?? 'http://127.0.0.1:8080/#/match';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const buf = await browser.stopTracing();
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // the renderer main thread: the one with the most RunTask time
  const byThread = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.dur)
      byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const [mainKey] = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X' && e.dur);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  const t0 = Math.min(...onMain.map((e) => e.ts));
  const total = new Map<string, number>();
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts < end);
    // self time per event name: subtract direct children
    const self = new Map<string, number>();
    for (const e of inside) {
      const kids = inside.filter(
        (k) => k !== e && k.ts >= e.ts && k.ts + (k.dur ?? 0) <= e.ts + (e.dur ?? 0),
      );
      const direct = kids.filter(
        (k) =>
          !kids.some(
            (p) => p !== k && p.ts <= k.ts && p.ts + (p.dur ?? 0) >= k.ts + (k.dur ?? 0) && p.dur! > k.dur!,
          ),
      );
      const s = (e.dur ?? 0) - direct.reduce((a, k) => a + (k.dur ?? 0), 0);
      const label =
        e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'FunctionCall'
          ? `${e.name} ${String(e.args?.data?.url ?? e.args?.data?.functionName ?? '').replace(/^.*\//, '')}`
          : e.name;
      self.set(label, (self.get(label) ?? 0) + s);
      total.set(e.name, (total.get(e.name) ?? 0) + s);
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `at ${Math.round((t.ts - t0) / 1000)} for ${Math.round((t.dur ?? 0) / 1000)}:`,
      top.map(([n, s]) => `${Math.round(s / 1000)} ${n}`).join(' | '),
    );
  }
  console.log('long tasks, self time by event:');
  for (const [n, s] of [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14))
    console.log(`  ${Math.round(s / 1000)} ${n}`);
} finally {
  await browser.close();
}
