/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input between
 * two pieces of start-up work (Total Blocking Time counts each task's time past 50 ms, not the sum).
 * `scheduler.yield()` resumes ahead of other queued tasks where the browser has it; a zero timeout
 * elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
