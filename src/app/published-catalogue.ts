/**
 * An error catalogue operators published (issue 15), laid over the one the api client holds, in place:
 * the client follows it from its next answer. Loaded with src/app/config-sync.ts, never on the first load.
 */
import catalogueJson from '../../screens/errors.json';
import { type ErrorCatalogue, errorCatalogue } from '../api/error-catalogue';

/** take a published catalogue (null: the build's again) */
export function setErrorCatalogue(next: ErrorCatalogue | null): void {
  for (const k of Object.keys(errorCatalogue))
    delete (errorCatalogue as unknown as Record<string, unknown>)[k];
  Object.assign(errorCatalogue, next ?? (catalogueJson as ErrorCatalogue));
}
