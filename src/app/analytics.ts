/**
 * Analytics (spec §9: off by default). Everything emits through `analytics`; nothing is sent until a
 * sink is plugged in with setAnalyticsSink (e.g. a third-party page-view tracker).
 */
import type { AnalyticsEvent, AnalyticsSink } from '../engine/contract';

let sink: AnalyticsSink | null = null;

export function setAnalyticsSink(next: AnalyticsSink | null) {
  sink = next;
}

export const analytics: AnalyticsSink = (event: AnalyticsEvent) => {
  if (!sink) return;
  try {
    sink(event);
  } catch (e) {
    // a broken tracker must never break navigation
    console.warn('[analytics] sink failed', e);
  }
};
