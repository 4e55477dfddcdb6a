/**
 * The plan limits (spec §5) the server applies: the rules document's `plan` group, read by the same
 * contracts/rules.ts reader the publish form uses, so an operator changing a limit changes both checks.
 */
import { type PlanRules, type RulesDocument, planRules as readPlanRules } from '../../../contracts/rules';
import { rulesDocument } from '../config';

export type { PlanRules } from '../../../contracts/rules';

let read: { doc: RulesDocument; rules: PlanRules } | null = null;
let override: Partial<PlanRules> | null = null;

export function planRules(): PlanRules {
  const doc = rulesDocument();
  if (read?.doc !== doc) read = { doc, rules: readPlanRules(doc) };
  return override ? { ...read.rules, ...override } : read.rules;
}

/** Tests only: replace some limits (e.g. a tiny daily quota); pass null to go back to the document. */
export function overridePlanRules(patch: Partial<PlanRules> | null): void {
  override = patch;
}
