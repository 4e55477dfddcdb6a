/**
 * `npx tsx tests/bench/first-load-files.ts`: which files the first load of #/match downloads, each with
 * its gzip size, largest first. Needs a built bundle; starts its own server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startServer } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-files-'));
const server = await startServer(Number(process.env.PORT ?? 18910), dataDir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true });
  const rows: { file: string; type: string; gz: number }[] = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    rows.push({ file: res.url().replace(/^.*\/assets\//, ''), type, gz: gzipSync(body).length });
  });
  await page.goto(`${server.url}/#/match`, { waitUntil: 'networkidle' });
  rows.sort((a, b) => b.gz - a.gz);
  for (const r of rows) console.log(`${(r.gz / 1024).toFixed(1).padStart(6)} KB  ${r.type.padEnd(10)} ${r.file}`);
  const js = rows.filter((r) => r.type === 'script').reduce((s, r) => s + r.gz, 0);
  console.log(`JS total ${(js / 1024).toFixed(1)} KB in ${rows.length} files`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
