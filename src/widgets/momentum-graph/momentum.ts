/**
 * Attack momentum from the live events: each attacking event adds weight to its team's minute,
 * home counts up and away down, and a short moving average smooths the bumps, so a burst of home
 * pressure reads as a hill above the axis and away pressure as a valley below it.
 */
import { EV } from '../../../contracts/match';
import type { MatchEvent } from '../event-timeline/codes';

/** How much each event code says about pressure (goals and shots count more than a simple attack). */
export const MOMENTUM_WEIGHT: Readonly<Record<number, number>> = {
  [EV.ATTACK]: 1,
  [EV.DANGER]: 2,
  [EV.CORNER]: 1.5,
  [EV.FREE_KICK]: 0.5,
  [EV.SHOT_ON]: 3,
  [EV.SHOT_OFF]: 2,
  [EV.GOAL]: 4,
  [EV.PEN_GOAL]: 4,
  [EV.PEN_MISS]: 2,
};

/** One value per minute 1..length: home pressure minus away pressure, smoothed over `window` minutes. */
export function computeMomentum(events: MatchEvent[], length = 90, window = 3): number[] {
  const raw = new Array<number>(length).fill(0);
  for (const e of events) {
    const w = MOMENTUM_WEIGHT[Number(e.code)];
    if (!w || (e.side !== 1 && e.side !== 2)) continue;
    const m = Math.min(length, Math.max(1, Math.round((e.minute ?? 0) + (e.added_minute ? 0.5 : 0)) || 1));
    raw[m - 1] += e.side === 1 ? w : -w;
  }
  const half = Math.floor(window / 2);
  return raw.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = i - half; j <= i + half; j++) {
      if (j < 0 || j >= length) continue;
      sum += raw[j];
      n++;
    }
    return n ? sum / n : 0;
  });
}

/**
 * SVG path of the graph: x = minute across `width`, y = momentum scaled into ±height/2 around the axis.
 * `upTo` stops the line at the current minute (nothing is drawn for minutes not played yet).
 */
export function momentumPath(values: number[], width: number, height: number, upTo = values.length): string {
  const mid = height / 2;
  const peak = Math.max(4, ...values.map(Math.abs));
  const step = width / Math.max(1, values.length);
  const n = Math.max(0, Math.min(values.length, upTo));
  if (!n) return '';
  let d = `M0 ${mid}`;
  for (let i = 0; i < n; i++) {
    const x = (i + 0.5) * step;
    const y = mid - (values[i] / peak) * (mid - 2);
    d += ` L${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  return `${d} L${(n * step).toFixed(1)} ${mid} Z`;
}
