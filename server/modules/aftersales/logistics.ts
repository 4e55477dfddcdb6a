/**
 * The logistics provider interface and its default: a simulated carrier whose tracking events follow
 * the parcel's hand-over time on the app clock (server/http/clock.ts), so a test moves time instead of
 * waiting. A real carrier's adapter would answer the same `track()` from its API.
 *
 *   collected (at hand-over) → in_transit (+3 h) → at_station (+18 h) → out_for_delivery (+26 h) →
 *   delivered (+30 h), each shifted by up to 40 minutes by the tracking number (different parcels do not
 *   move in lockstep, the same parcel always reads the same).
 */
import { createHash, randomInt } from 'node:crypto';

export const CARRIERS = ['sf', 'hkpost', 'kerry'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const TRACK_STEPS = [
  'collected',
  'in_transit',
  'at_station',
  'out_for_delivery',
  'delivered',
] as const;
export type TrackStep = (typeof TRACK_STEPS)[number];

export interface TrackEvent {
  code: TrackStep;
  at_ms: number;
}

export interface Parcel {
  carrier: string;
  trackingNo: string;
  shippedAtMs: number;
}

export interface LogisticsProvider {
  readonly name: string;
  /** a tracking number for a parcel handed to `carrier` now */
  newTrackingNo(carrier: Carrier): string;
  /**
   * The parcel's events up to `nowMs`, oldest first, and the carrier's expected delivery (null once
   * delivered). Users are shown the expected day, as carriers show it, never when the next scan is due:
   * no carrier knows that, only a simulator does.
   */
  track(parcel: Parcel, nowMs: number): { events: TrackEvent[]; eta_ms: number | null };
}

const HOUR = 3_600_000;
const OFFSETS_H = [0, 3, 18, 26, 30];
const PREFIX: Record<Carrier, string> = { sf: 'SF', hkpost: 'EC', kerry: 'KE' };

function jitterMs(trackingNo: string, step: number): number {
  if (step === 0) return 0;
  const h = createHash('sha256').update(`${trackingNo}:${step}`).digest();
  return (h.readUInt16BE(0) % 41) * 60_000;
}

export function createSimulatedLogistics(): LogisticsProvider {
  return {
    name: 'simulator',
    newTrackingNo(carrier) {
      const digits = Array.from({ length: 12 }, () => randomInt(0, 10)).join('');
      return carrier === 'hkpost'
        ? `${PREFIX[carrier]}${digits.slice(0, 9)}HK`
        : `${PREFIX[carrier]}${digits}`;
    },
    track(parcel, nowMs) {
      const times = OFFSETS_H.map((h, i) => parcel.shippedAtMs + h * HOUR + jitterMs(parcel.trackingNo, i));
      const events = TRACK_STEPS.flatMap((code, i) => (times[i] <= nowMs ? [{ code, at_ms: times[i] }] : []));
      const delivered = times[times.length - 1];
      return { events, eta_ms: delivered <= nowMs ? null : delivered };
    },
  };
}

let current: LogisticsProvider = createSimulatedLogistics();

/** the app's provider (the simulator unless a deployment sets another) */
export function logistics(): LogisticsProvider {
  return current;
}

/** Tests or a deployment: use another provider; answers a function that puts the previous one back. */
export function setLogistics(p: LogisticsProvider): () => void {
  const before = current;
  current = p;
  return () => {
    current = before;
  };
}
