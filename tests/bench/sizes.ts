/** Bundle budgets: the engine runtime alone, and what a phone downloads for the first load of #/match. */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { ROOT } from '../../scripts/lib/web-bundle';

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** src/engine bundled and minified on its own, shared app libraries left out (they are not the engine). */
export async function engineRuntimeGzipKB(): Promise<number> {
  const out = await build({
    entryPoints: [`${ROOT}/src/engine/index.ts`],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: [
      'react',
      'react-dom',
      'react/jsx-runtime',
      '@tanstack/react-query',
      'react-hook-form',
      'dayjs',
      'dayjs/*',
      'antd-mobile',
      'antd-mobile-icons',
      'i18next',
      'react-i18next',
      // generated data-schema validators (src/engine/validators): data, loaded with the form kit
      '../validators/*',
    ],
    loader: { '.json': 'json' },
  });
  return kb(out.outputFiles.reduce((s, f) => s + gzipSync(f.contents).length, 0));
}

export interface LoadedFile {
  /** file name under assets/ (or the URL) */
  file: string;
  type: 'script' | 'stylesheet';
  /** gzip size in bytes */
  gz: number;
}

/**
 * Load #/match in Chromium at phone size: every script and stylesheet fetched until the network is idle,
 * with its gzip size, and the gzip size of the inline stylesheet.
 */
export async function firstLoadFiles(baseUrl: string): Promise<{ files: LoadedFile[]; inlineCss: number }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true });
  const files: LoadedFile[] = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    files.push({ file: res.url().replace(/^.*\/assets\//, ''), type, gz: gzipSync(body).length });
  });
  await page.goto(`${baseUrl}/#/match`, { waitUntil: 'networkidle' });
  // the entry stylesheet is inlined into index.html (scripts/lib/route-preload.ts): still first-load CSS
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('head style')].map((s) => s.textContent ?? '').join(''),
  );
  await browser.close();
  return { files, inlineCss: inline ? gzipSync(inline).length : 0 };
}

/** The first load of #/match in gzip KB: scripts, stylesheets (inline included) and the file count. */
export async function firstLoadGzipKB(baseUrl: string): Promise<{ js: number; css: number; files: number }> {
  const { files, inlineCss } = await firstLoadFiles(baseUrl);
  const sum = (type: LoadedFile['type']) =>
    files.filter((f) => f.type === type).reduce((s, f) => s + f.gz, 0);
  return { js: kb(sum('script')), css: kb(sum('stylesheet') + inlineCss), files: files.length };
}
