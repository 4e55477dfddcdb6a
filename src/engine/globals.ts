/**
 * Read-only expression roots every screen scope carries: `rules` (screens/rules.json) and `app` (build
 * facts). Screens write `{{ rules.profile.nicknameMax }}` instead of repeating a limit product may change.
 *
 * The rules are fetched the first time something needs them: the loader awaits them for a screen (with
 * its fragments and forms) that names `rules.`, and the widgets that read them await them when their
 * chunk loads. Most screens, the landing one included, never do (1.5 KB gzip off the first load).
 */

import { type RuleValues, ruleValues } from '../../contracts/rules';
import { version } from '../../package.json';

export type { RuleValues } from '../../contracts/rules';

let loaded: RuleValues | undefined;
let loading: Promise<RuleValues> | undefined;

export function loadRules(): Promise<RuleValues> {
  loading ??= import('../../screens/rules.json').then((m) => {
    loaded = ruleValues(m.default);
    return loaded;
  });
  return loading;
}

/**
 * Rules an operator published (src/app/config-sync.ts, at a route change): the screens read them from
 * the next render on, as the server applies them at once.
 */
export function setPublishedRules(doc: unknown): void {
  loaded = ruleValues(doc as Parameters<typeof ruleValues>[0]);
  loading = Promise.resolve(loaded);
}

const NOT_LOADED: RuleValues = Object.freeze({}) as RuleValues;

/** The rules once loaded (see loadRules); before that an empty object, which no loaded screen reads. */
export function currentRules(): RuleValues {
  return loaded ?? NOT_LOADED;
}

/** Whether a config tree (a screen with its fragments and forms) reads `rules.` in some expression. */
export function readsRules(...trees: unknown[]): boolean {
  return trees.some((t) => JSON.stringify(t ?? null).includes('rules.'));
}

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
