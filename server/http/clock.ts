/**
 * The server's notion of "now". Expiry rules (codes, captchas, tokens, resend limits) read it here so
 * tests can move time forward instead of sleeping.
 */
let source: () => number = () => Date.now();

export function now(): Date {
  return new Date(source());
}

export function nowMs(): number {
  return source();
}

/** Tests only: replace the clock; returns a function that restores the real one. */
export function setClock(ms: () => number): () => void {
  source = ms;
  return resetClock;
}

export function resetClock(): void {
  source = () => Date.now();
}

/** Tests only: freeze the clock at the current time and get a handle to advance it. */
export function fakeClock(start = Date.now()) {
  let t = start;
  setClock(() => t);
  return {
    advance(ms: number) {
      t += ms;
    },
    restore: resetClock,
  };
}
