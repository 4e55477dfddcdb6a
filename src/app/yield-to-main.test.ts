import { describe, expect, it } from 'vitest';
import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  it('resumes in a later task: work queued as a microtask before it runs first', async () => {
    const order: string[] = [];
    const resumed = yieldToMain().then(() => order.push('resumed'));
    queueMicrotask(() => order.push('microtask'));
    await resumed;
    expect(order).toEqual(['microtask', 'resumed']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    let asked = 0;
    const g = globalThis as { scheduler?: unknown };
    const before = g.scheduler;
    g.scheduler = { yield: () => Promise.resolve(void asked++) };
    try {
      await yieldToMain();
      expect(asked).toBe(1);
    } finally {
      g.scheduler = before;
    }
  });
});
