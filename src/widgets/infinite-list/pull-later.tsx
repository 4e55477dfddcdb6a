/**
 * Pull-to-refresh that does not hold up the first paint. The list paints in a plain box; antd-mobile's
 * PullToRefresh (springs and gestures, ~25 KB gzip) loads when the browser is idle and then wraps the
 * very same DOM: the children render through a portal into one host node, which is moved into the
 * wrapper. Swapping the wrapper element would otherwise unmount and remount the whole list (its rows,
 * their images, a measured list's heights and the scroll position).
 */
import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from '../shared/when-idle';

export interface PullTexts {
  pullingText: string;
  canReleaseText: string;
  refreshingText: string;
  completeText: string;
}

type PullComponent = ComponentType<PullTexts & { onRefresh: () => Promise<unknown>; children?: ReactNode }>;

const loadPull = () => import('./pull-body').then((m) => m.default as unknown as PullComponent);

/** The host node's place in the DOM: attached in the layout phase, before the children's layout effects
 * (the slot comes first among its siblings), so rows that measure themselves see real sizes. */
function HostSlot({ host }: { host: HTMLElement }) {
  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      if (el && host.parentNode !== el) el.appendChild(host);
    },
    [host],
  );
  return <div ref={attach} className="gf-infinite-list__slot" />;
}

export function PullToRefreshLater({
  onRefresh,
  texts,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  texts: PullTexts;
  children: ReactNode;
}) {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.className = 'gf-infinite-list__host';
    return el;
  });
  const [Pull, setPull] = useState<PullComponent | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      loadPull()
        .then((component) => live && setPull(() => component))
        .catch(() => {}); // offline: the list still works, without pulling to refresh
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  const slot = <HostSlot host={host} />;
  return (
    <>
      {Pull ? (
        <Pull onRefresh={onRefresh} {...texts}>
          {slot}
        </Pull>
      ) : (
        slot
      )}
      {createPortal(children, host)}
    </>
  );
}
