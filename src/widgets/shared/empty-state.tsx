/**
 * antd-mobile's Empty, loaded the first time an empty state shows: its picture is ~1 KB of SVG, and the
 * landing screen's lists are rarely empty while its first load has no kilobyte to spare. Until the chunk
 * arrives the text shows in its final place under a box of the picture's size, so nothing moves.
 */
import { lazy, Suspense } from 'react';
import './empty-state.css';

const AntdEmpty = lazy(() => import('antd-mobile/es/components/empty'));

export function EmptyState({ description }: { description: string }) {
  return (
    <Suspense
      fallback={
        <div className="gf-empty-state">
          <div className="gf-empty-state__image" />
          <div className="gf-empty-state__text">{description}</div>
        </div>
      }
    >
      <AntdEmpty description={description} />
    </Suspense>
  );
}
