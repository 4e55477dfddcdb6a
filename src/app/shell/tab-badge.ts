/**
 * A tab's badge count (screens/tabs.json `badge`), loaded lazily by the tab bar once a user is signed
 * in, so the first load carries only the bar's few lines that ask for it. Reads the count from the
 * badge's path, then follows the pushes on its topic: a push whose `data` carries the field sets the
 * count at once (the server pushes unread counts within a second of a new reply, follower or praise),
 * any other push (or a resume reset) refetches.
 */
import type { TabLayout } from '../../engine/config-types.gen';
import { api, realtime } from '../app-runtime';

export type TabBadge = NonNullable<TabLayout['tabs'][number]['badge']>;

export function watchBadge(badge: TabBadge, userId: string, onCount: (n: number) => void): () => void {
  let alive = true;
  const read = (d: unknown) => {
    const v = (d as Record<string, unknown> | null)?.[badge.field];
    return typeof v === 'number' ? v : null;
  };
  const refetch = () =>
    api
      .request({ method: 'GET', path: badge.path, silent: true })
      .then((d) => {
        if (alive) onCount(read(d) ?? 0);
      })
      .catch(() => {});
  refetch();
  const off = badge.topic
    ? realtime.subscribe(badge.topic.replace('{user}', userId), (msg) => {
        const n = read((msg as { data?: unknown } | null)?.data);
        if (n === null) refetch();
        else if (alive) onCount(n);
      })
    : () => {};
  return () => {
    alive = false;
    off();
  };
}
