/**
 * The match clock a card shows. The server sends `minute` with each change and `period_started_ms`
 * (when the running half started); between pushes the card ticks on its own, once a second, from one
 * shared timer (a list of 300 cards must not run 300 intervals).
 */
import { useSyncExternalStore } from 'react';

/** status -> minute the period starts at and its regular length (spec §4: 2 first half, 4 second, 5 extra) */
const PERIODS: Record<number, { base: number; length: number }> = {
  2: { base: 0, length: 45 },
  4: { base: 45, length: 45 },
  5: { base: 90, length: 30 },
};

export const HALF_TIME = 3;

export function isTicking(status: number): boolean {
  return status in PERIODS;
}

/**
 * "67" or "45+2" for a running period; null when the clock does not run (not started, half time,
 * finished...). The larger of the pushed minute and the locally ticked one wins, so a late push never
 * makes the clock jump back, and a fast simulated feed still shows its own minutes.
 */
export function liveMinute(
  m: {
    status?: unknown;
    minute?: unknown;
    added_minute?: unknown;
    period_started_ms?: unknown;
    /** match minutes per real minute (1 live; the simulator can run faster) */
    clock_speed?: unknown;
  },
  now: number,
): string | null {
  const status = Number(m.status);
  const period = PERIODS[status];
  if (!period) return null;
  const pushed = Number(m.minute) || 0;
  const started = Number(m.period_started_ms);
  const speed = Number(m.clock_speed) > 0 ? Number(m.clock_speed) : 1;
  const ticked =
    Number.isFinite(started) && started > 0
      ? period.base + Math.max(1, Math.floor(((now - started) * speed) / 60_000) + 1)
      : 0;
  const minute = Math.max(pushed, ticked, period.base + 1);
  const end = period.base + period.length;
  if (minute > end) return `${end}+${minute - end}`;
  const added = Number(m.added_minute) || 0;
  if (minute === end && added > 0) return `${end}+${added}`;
  return String(minute);
}

// one 1-second clock shared by every mounted card
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noSubscribe = () => () => {};

/** before the shared timer runs, whole seconds keep the snapshot stable between React's double reads */
function snapshot(): number {
  return timer ? now : Math.floor(Date.now() / 1000) * 1000;
}

/** Current time, re-rendering every second while `active` (only live cards subscribe). */
export function useClock(active: boolean): number {
  return useSyncExternalStore(active ? subscribe : noSubscribe, () => (active ? snapshot() : 0));
}
