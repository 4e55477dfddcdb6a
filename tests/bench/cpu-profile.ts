/**
 * What the main thread does while a page opens, task by task: loads the URL in Debian's Chromium at a
 * phone's size with the CPU slowed 4x (as Lighthouse's mobile profile assumes), samples the JavaScript
 * profiler, and prints each long task with the functions that spent its time (native ones too:
 * `appendChild`, `(program)` for parsing, style and layout). Lighthouse-why names the long tasks' scripts;
 * this names their functions. Run it on a quiet machine against a running server:
 *   npx tsx tests/bench/cpu-profile.ts 'http://127.0.0.1:8080/#/shop'
 * (it found the 17 modulepreload insertions of one 228 ms task, scripts/lib/route-preload.ts).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const url = process.argv[2] ?? 'http://127.0.0.1:8080/#/match';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForTimeout(6000);
  const nowAtStop = await page.evaluate(() => performance.now());
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: [number, number][] }).__longTasks,
  );

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (id: number) => {
    const f = byId.get(id)?.callFrame;
    if (!f) return '?';
    return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}:${f.columnNumber}`;
  };
  // profile times are the browser's monotonic clock in µs; the page's clock is read at the stop
  const origin = profile.endTime - nowAtStop * 1000;
  let t = profile.startTime;
  const at = profile.samples.map((_, i) => (t += profile.timeDeltas[i]));
  const selfIn = (from: number, to: number) => {
    const spent = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const ms = (at[i] - origin) / 1000;
      if (ms >= from && ms <= to)
        spent.set(name(id), (spent.get(name(id)) ?? 0) + profile.timeDeltas[i] / 1000);
    });
    return [...spent.entries()].sort((a, b) => b[1] - a[1]);
  };
  console.log(`${tasks.length} long tasks (ms at 4x CPU)`);
  for (const [start, duration] of tasks) {
    const top = selfIn(start, start + duration)
      .slice(0, 6)
      .map(([k, v]) => `${Math.round(v)} ${k}`);
    console.log(`at ${start} for ${duration}: ${top.join(' | ')}`);
  }
  console.log('whole load, self time:');
  for (const [k, v] of selfIn(0, nowAtStop)
    .filter(([k]) => !k.startsWith('(idle)'))
    .slice(0, 20))
    console.log(`  ${Math.round(v)} ${k}`);
} finally {
  await browser.close();
}
