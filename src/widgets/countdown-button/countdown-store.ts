/**
 * Where a running resend countdown is kept between screen visits: the end time (epoch ms) per key in
 * sessionStorage, so leaving the login screen and coming back (or reloading the tab) still shows the
 * seconds left instead of offering a resend the server would refuse. The key names the target and the
 * purpose (e.g. `login-sms:85291234567`), so a different number gets its own countdown.
 */
const PREFIX = 'gf.countdown:';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // blocked storage (privacy settings): the countdown lives only in the widget
  }
}

/** End time of the countdown under `key`, or 0 when there is none still running at `now`. */
export function readCountdownEnd(key: string, now = Date.now()): number {
  const s = storage();
  if (!key || !s) return 0;
  try {
    const end = Number(s.getItem(PREFIX + key));
    if (Number.isFinite(end) && end > now) return end;
    s.removeItem(PREFIX + key);
  } catch {
    /* unreadable: treat as not running */
  }
  return 0;
}

export function saveCountdownEnd(key: string, end: number): void {
  const s = storage();
  if (!key || !s) return;
  try {
    s.setItem(PREFIX + key, String(end));
  } catch {
    /* full or blocked: the widget still counts while it is shown */
  }
}

/** Whole seconds shown for an end time: 60 right after the start, 1 in the last second, then 0. */
export function secondsLeft(end: number, now = Date.now()): number {
  return end > now ? Math.ceil((end - now) / 1000) : 0;
}
