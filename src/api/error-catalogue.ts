/**
 * The error catalogue (spec §8) is data: screens/errors.json says which codes succeed and what each
 * failure code does (the text of a code is the locale key errors.CODE). This file only types it and
 * answers "which rules apply to this code".
 */
import catalogueJson from '../../screens/errors.json';

export type Behaviour =
  | 'refreshToken'
  | 'kickedOffline'
  | 'notLoggedIn'
  | 'insufficientCoins'
  | 'realNameRequired';

export interface CatalogueRule {
  codes: number[];
  behaviour: Behaviour;
  toast?: boolean;
  navigate?: string;
}

export interface ErrorCatalogue {
  successCodes: number[];
  toastDuration: number;
  networkError: { code: number; msg: string };
  emptyResponse: { code: number; toast: string };
  silentHeader: string;
  rules: CatalogueRule[];
}

/**
 * The catalogue the app runs: the build's, until an operator's published one is laid over it in place
 * (src/app/published-catalogue.ts, lazy), so the api client holding this object follows it.
 */
export const errorCatalogue: ErrorCatalogue = { ...(catalogueJson as ErrorCatalogue) };

export function rulesFor(catalogue: ErrorCatalogue, code: number): CatalogueRule[] {
  return catalogue.rules.filter((r) => r.codes.includes(code));
}
