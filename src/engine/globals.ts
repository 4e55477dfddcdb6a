/**
 * Read-only expression roots every screen scope carries: `rules` (screens/rules.json) and `app` (build
 * facts). Screens write `{{ rules.profile.nicknameMax }}` instead of repeating a limit product may change.
 */

import { type RuleValues, ruleValues } from '../../contracts/rules';
import { version } from '../../package.json';
import rulesFile from '../../screens/rules.json';

export type { RuleValues } from '../../contracts/rules';

export const RULES: RuleValues = ruleValues(rulesFile);

export interface AppFacts {
  /** package.json version, shown on the about and settings screens */
  version: string;
  /** the app's own address (origin + path, no hash): the download page's QR code and share links */
  url: string;
}

export const APP: AppFacts = {
  version,
  url: typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`,
};
