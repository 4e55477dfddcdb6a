/**
 * One timer job: `pass` runs now and then every `everyMs`, one pass at a time (a slow pass delays the
 * next, never overlaps it); a failed pass is logged and the next one tries again. The returned function
 * stops the timer and waits for the pass under way. Modules' sweeps (orders, points) start through it.
 */
export async function startPeriodic(
  name: string,
  everyMs: number,
  pass: () => Promise<unknown>,
): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => (stopped ? null : pass()))
      .catch((err) => console.warn(`[${name}] sweep failed: ${(err as Error).message}`));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref?.();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
