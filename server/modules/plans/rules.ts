/**
 * Plan rules (spec §5) come from screens/rules.json — the same file the publish form reads on the
 * client — so an operator changing a limit there changes both checks. The file is re-read when its
 * modification time changes, so an edit applies without a restart.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const RULES_FILE = resolve(import.meta.dirname, '..', '..', '..', 'screens', 'rules.json');

export interface PlanRules {
  contentMin: number;
  titleMax: number;
  comboMatchesMin: number;
  comboMatchesMax: number;
  pickNineCount: number;
  fourteenMatchCount: number;
  doublePickOddsMin: number;
  halfFullPicksMax: number;
  stakeMaxHkd: number;
  stakeMaxHkdAltMode: number;
  dailyPublishQuota: number;
  expertSharePercent: number;
}

const DEFAULTS: PlanRules = {
  contentMin: 50,
  titleMax: 40,
  comboMatchesMin: 2,
  comboMatchesMax: 8,
  pickNineCount: 9,
  fourteenMatchCount: 14,
  doublePickOddsMin: 2.1,
  halfFullPicksMax: 3,
  stakeMaxHkd: 10000,
  stakeMaxHkdAltMode: 2000,
  dailyPublishQuota: 5,
  expertSharePercent: 70,
};

let cached: { mtimeMs: number; rules: PlanRules } | null = null;
let override: Partial<PlanRules> | null = null;

function unwrap(v: unknown): unknown {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v
    ? (v as { value: unknown }).value
    : v;
}

export function planRules(): PlanRules {
  let mtimeMs = 0;
  try {
    mtimeMs = statSync(RULES_FILE).mtimeMs;
  } catch {
    return { ...DEFAULTS, ...override };
  }
  if (!cached || cached.mtimeMs !== mtimeMs) {
    const file = JSON.parse(readFileSync(RULES_FILE, 'utf8')) as { plan?: Record<string, unknown> };
    const rules = { ...DEFAULTS };
    for (const key of Object.keys(DEFAULTS) as (keyof PlanRules)[]) {
      const v = unwrap(file.plan?.[key]);
      if (typeof v === 'number' && Number.isFinite(v)) rules[key] = v;
    }
    cached = { mtimeMs, rules };
  }
  return override ? { ...cached.rules, ...override } : cached.rules;
}

/** Tests only: replace some limits (e.g. a tiny daily quota); pass null to go back to the file. */
export function overridePlanRules(patch: Partial<PlanRules> | null): void {
  override = patch;
}
