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

/** The catalogue the app runs: the build's, until an operator's published one is laid over it. */
export const errorCatalogue: ErrorCatalogue = { ...(catalogueJson as ErrorCatalogue) };

/**
 * Take a published catalogue (null: the build's again) in place, so the api client, which holds this
 * object, follows it from its next answer (src/app/config-sync.ts calls it at a route change).
 */
export function setErrorCatalogue(next: ErrorCatalogue | null): void {
  for (const k of Object.keys(errorCatalogue))
    delete (errorCatalogue as unknown as Record<string, unknown>)[k];
  Object.assign(errorCatalogue, next ?? catalogueJson);
}

export function rulesFor(catalogue: ErrorCatalogue, code: number): CatalogueRule[] {
  return catalogue.rules.filter((r) => r.codes.includes(code));
}
