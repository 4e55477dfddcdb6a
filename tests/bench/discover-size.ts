/**
 * Discover budget (issue 13): what each discover route adds on top of the first load of #/match (≤ 60 KB
 * gzip JS each), measured like the database routes (route-size.ts): a fresh page loads #/match, then
 * the hash moves to the route and every script fetched after that counts. The feed tabs, a news
 * article, a fan's post, the hot list, global search and its results, the message centre. A fresh
 * database holds no fan's post, so the bench posts one first (a fan signs in through the dev outbox, the
 * operator approves the real name, the fan posts with a photo): every discover route is measured, the
 * activity detail included. Needs a built web bundle; starts its own server.
 * Run alone: npx tsx tests/bench/discover-size.ts   (BENCH_DISCOVER_PORT= to move it)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as apiRequest, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { freshPhone, makeImage, verifiedFan } from '../e2e/helpers';
import { measureRoutes } from './route-size';
import { startServer } from './server-process';

async function firstId(base: string, path: string): Promise<number | null> {
  const body = (await (await fetch(`${base}${path}`)).json()) as { data: { list: { id: number }[] } };
  return body.data?.list?.[0]?.id ?? null;
}

/**
 * A fan's post with a photo, as the app makes one (the real-name step of spec §6 included); answers its
 * id. Needs the dev outbox (sign-in codes) and the seeded operator.
 */
export async function postActivity(base: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const request = await apiRequest.newContext({ baseURL: base });
  try {
    const page = await browser.newPage();
    const fan = await verifiedFan(request, page);
    const auth = { authorization: `Bearer ${fan.token}` };
    const photo = await request.post('/mdr/api/v1/user/attachments', {
      headers: auth,
      multipart: {
        files: { name: 'match.jpg', mimeType: 'image/jpeg', buffer: await makeImage(page, 'image/jpeg') },
      },
    });
    const url = (await photo.json()).data[0].url as string;
    const res = await request.post('/mdr/api/v1/activities', {
      headers: auth,
      data: { text: `今晚大戰睇得好過癮（${freshPhone()}）`, images: [url] },
    });
    const body = (await res.json()) as { code: number; data: { id: number } };
    if (body.code !== 0) throw new Error(`posting an activity failed: ${JSON.stringify(body)}`);
    return body.data.id;
  } finally {
    await request.dispose();
    await browser.close();
  }
}

/** One route of each discover screen, with real ids from the API (a fan's post is made when none exists). */
export async function discoverRoutes(base: string): Promise<string[]> {
  const news = await firstId(base, '/mdr/api/v1/news?tab=news&size=1');
  const activity = (await firstId(base, '/mdr/api/v1/activities?size=1')) ?? (await postActivity(base));
  return [
    '/sight',
    ...(news ? [`/sight/news/detail?id=${news}`] : []),
    `/sight/activity/detail?id=${activity}`,
    '/hot-list',
    '/home/search',
    `/search/list?keyword=${encodeURIComponent('阿仙奴')}`,
    '/message',
  ];
}

function rows(measured: { route: string; js: number }[]) {
  return measured.map((r) => ({
    what: `#/match -> #${r.route.replace(/\?.*$/, '')} extra JS gzip`,
    value: `${r.js} KB`,
    budget: '≤ 60 KB',
    ok: r.js <= 60,
  }));
}

export async function benchDiscoverSize(): Promise<
  { what: string; value: string; budget: string; ok: boolean }[]
> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-discover-'));
  const server = await startServer(Number(process.env.BENCH_DISCOVER_PORT ?? 18906), dataDir, {
    SKIP_WEB_BUILD: '1',
    DEV_OUTBOX: '1', // the fan who posts the measured activity signs in with a code from it
  });
  try {
    return rows(await measureRoutes(server.url, await discoverRoutes(server.url)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BASE_URL: measure against a server already running instead of starting one
  const out = process.env.BASE_URL
    ? rows(await measureRoutes(process.env.BASE_URL, await discoverRoutes(process.env.BASE_URL)))
    : await benchDiscoverSize();
  console.log('\n| measure | value | budget | ok |\n|---|---|---|---|');
  for (const r of out) console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'} |`);
  process.exitCode = out.every((r) => r.ok) ? 0 : 1;
}
