/** Shared steps of the browser journeys: the dev outbox is how a tester reads an SMS/email code here. */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';

interface OutboxEntry {
  channel: 'sms' | 'email' | 'captcha';
  to: string;
  code: string;
  text: string;
  at: string;
}

/** Newest outbox entry for `to` on `channel`, waiting for it to arrive (codes are sent asynchronously). */
export async function outboxCode(
  request: APIRequestContext,
  to: string,
  channel: OutboxEntry['channel'],
  after = 0,
): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { data: OutboxEntry[] };
    const hit = body.data.find((e) => e.channel === channel && Date.parse(e.at) >= after);
    if (hit) return hit.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${channel} entry for ${to} in the dev outbox`);
}

/** Save a screenshot as a test artifact (tests/artifacts/screens/<name>.png) and attach it to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('tests/artifacts/screens', { recursive: true });
  const path = `tests/artifacts/screens/${testInfo.project.name}-${name}.png`;
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A phone number that no other test uses, so "first code login creates the account" holds. */
export function freshPhone(): string {
  return `6${String(Date.now()).slice(-7)}`;
}
