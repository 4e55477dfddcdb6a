/**
 * The news module's tests share one setup per file: a test app, three signed-in people (two fans and
 * the seeded operator), a clock the tests move on between comments, and a way to find a report in the
 * served feed. Call `setUpNewsApp()` at the top of a test file; the bindings below are live.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { newsArticles } from '../../db/schema';
import { setClock } from '../../http/clock';
import { type TestApp, withTestApp } from '../../test/harness';

export let t: TestApp;
export let alice: { token: string; userId: number };
export let bob: { token: string; userId: number };
export let ops: { token: string; userId: number };
export const XSS = '<img src=x onerror=alert(1)><script>alert("x")</script> 入波！';

export function setUpNewsApp(): void {
  withTestApp((app) => {
    t = app;
  });
  beforeAll(async () => {
    alice = await t.loginByPhone('61230001');
    bob = await t.loginByPhone('61230002');
    ops = await t.loginByPhone('90000000');
  });
}

/** each test user may comment every few seconds: move the clock on between comments */
let clockMs = Date.now();
export function tick(ms = 10_000) {
  clockMs += ms;
  setClock(() => clockMs);
}

/** the offset-th report of the feed that is served now (the feed's first pages may be seconds old) */
export async function someReport(offset = 0) {
  const feed = await t.call('GET', '/mdr/api/v1/news?tab=news&size=50');
  expect(feed.code).toBe(0);
  const reports = [];
  for (const x of feed.data.list.filter((r: any) => r.kind === 'report')) {
    const [row] = await t.db
      .select({ hidden: newsArticles.hidden })
      .from(newsArticles)
      .where(eq(newsArticles.id, x.id));
    if (row && !row.hidden) reports.push(x);
  }
  expect(reports.length).toBeGreaterThan(offset);
  return reports[offset];
}
