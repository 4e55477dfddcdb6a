/** The `points.*` rules (screens/rules.json, or the version operators published), each with its default. */
import { ruleValues } from '../../../contracts/rules';
import { rulesDocument } from '../config';

export interface PointsRules {
  perOrderHkd: number;
  review: number;
  checkin: number;
  streakDays: number;
  streakBonus: number;
  exchangeMax: number;
}

const DEFAULTS: PointsRules = {
  perOrderHkd: 1,
  review: 10,
  checkin: 5,
  streakDays: 7,
  streakBonus: 20,
  exchangeMax: 5,
};

/** Whole, non-negative numbers only (a streak of 0 days or a bad value falls back to the default). */
export function pointsRules(): PointsRules {
  const group = ruleValues(rulesDocument()).points ?? {};
  const out = { ...DEFAULTS };
  for (const k of Object.keys(DEFAULTS) as (keyof PointsRules)[]) {
    const v = group[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k] = Math.floor(v);
  }
  if (out.streakDays < 1) out.streakDays = DEFAULTS.streakDays;
  out.exchangeMax = Math.min(Math.max(out.exchangeMax, 1), 5);
  return out;
}
