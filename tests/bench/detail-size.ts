/**
 * Match detail budget: what #/match/index adds on top of the first load of #/match (≤ 60 KB gzip JS),
 * and that the match animation's chunk is not among it (it loads only on /match/animation/live).
 * Needs a built web bundle (npm run build, or WEB_DIR=<dir> npx vite build); starts its own server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startServer } from './server-process';

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
/** the animation widget's class names only exist in its own chunk (JS and CSS) */
const ANIMATION_MARKER = 'gf-anim__pitch';

async function liveMatchId(base: string): Promise<number> {
  const get = async (tab: string) => {
    const r = await fetch(`${base}/mdr/api/v1/matches?tab=${tab}&page=1&size=50`);
    const body = (await r.json()) as { data?: { list?: { id: number; status: number }[] } };
    return body.data?.list ?? [];
  };
  const live = (await get('ongoing')).find((m) => [2, 3, 4, 5, 7, 9].includes(m.status));
  if (live) return live.id;
  const upcoming = (await get('schedule')).find((m) => m.status === 1) ?? (await get('instant'))[0];
  if (!upcoming) throw new Error('no match to open');
  await fetch(`${base}/dev/matches/${upcoming.id}/kickoff`, { method: 'POST' });
  return upcoming.id;
}

export async function measureDetail(baseUrl: string) {
  const id = await liveMatchId(baseUrl);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true });
  const seen = new Set<string>();
  let phase: 'first' | 'detail' = 'first';
  let extraJs = 0;
  let extraCss = 0;
  let animationLoaded = false;
  const files: { url: string; gz: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await res.body().catch(() => Buffer.alloc(0));
        if (body.includes(ANIMATION_MARKER)) animationLoaded = true;
        if (seen.has(res.url())) return;
        seen.add(res.url());
        if (phase !== 'detail') return;
        files.push({ url: res.url().replace(/^.*\//, ''), gz: kb(gzipSync(body).length) });
        if (type === 'script') extraJs += gzipSync(body).length;
        else extraCss += gzipSync(body).length;
      })(),
    );
  });
  await page.goto(`${baseUrl}/#/match`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  phase = 'detail';
  await page.evaluate((mid) => {
    location.hash = `#/match/index?id=${mid}`;
  }, id);
  await page.locator('.gf-mh').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();
  if (process.env.BENCH_VERBOSE) console.table(files.sort((a, b) => b.gz - a.gz));
  return { id, js: kb(extraJs), css: kb(extraCss), animationLoaded };
}

export async function benchDetailSize(): Promise<
  { what: string; value: string; budget: string; ok: boolean }[]
> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-detail-'));
  const server = await startServer(Number(process.env.BENCH_DETAIL_PORT ?? 18902), dataDir, {
    SKIP_WEB_BUILD: '1',
  });
  try {
    const r = await measureDetail(server.url);
    return [
      {
        what: `#/match -> #/match/index extra JS gzip (match ${r.id})`,
        value: `${r.js} KB`,
        budget: '≤ 60 KB',
        ok: r.js <= 60,
      },
      { what: '#/match -> #/match/index extra CSS gzip', value: `${r.css} KB`, budget: '(report)', ok: true },
      {
        what: 'animation chunk not loaded on #/match/index',
        value: r.animationLoaded ? 'loaded' : 'not loaded',
        budget: 'not loaded',
        ok: !r.animationLoaded,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchDetailSize();
  console.log('\n| measure | value | budget | ok |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'} |`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
