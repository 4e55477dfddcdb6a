/**
 * A long list that mounts only the rows in view (see windowed.tsx). Rows come from a data source of
 * the screen - a plain one (e.g. a whole day, `size=500`, list at `listPath`, default `list`) or a paged
 * one (next page when the end comes into range) - or from an `items` array. children = row template
 * with {item, index}, like infinite-list.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { getPath, usePagedSource, useScreenRuntime, useSource } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { registerWidgetPart } from '../deferred';
import { asNumber, asText, flagOn } from '../shared/css';
import { Pull } from './pull';
import { Windowed } from './windowed';

/**
 * rows of varying height: measured, in a chunk of its own (only lists with `measure` load it). A list
 * that will measure starts loading the chunk when it mounts, so it arrives alongside the list's data
 * rather than after it (the first rows would otherwise wait for the data, then for the chunk).
 */
let measuredChunk: Promise<typeof import('./measured')> | undefined;
const loadMeasured = () => {
  measuredChunk ??= import('./measured');
  return measuredChunk;
};
const Measured = lazy(loadMeasured);
registerWidgetPart('virtual-list/measured', loadMeasured);

import './virtual-list.css';
import { EmptyState } from '../shared/empty-state';

export interface VirtualListProps {
  /** data source name (plain or paged) */
  source?: string;
  /** where the rows sit in a plain source's data (default `list`; the data itself when it is an array) */
  listPath?: string;
  /** rows given directly instead of a source */
  items?: unknown[];
  /** fixed row height in px, spacing included (default 96); with `measure`, the estimate for rows not drawn yet */
  itemHeight?: number;
  /** rows differ in height (posts with or without images): each drawn row is measured */
  measure?: boolean;
  /** with `measure`: px of spacing under each row */
  gap?: number;
  /** rows mounted beyond each edge of the view (default 4) */
  overscan?: number;
  emptyText?: string;
  endText?: string;
  pullToRefresh?: boolean;
  itemKey?: string;
}

interface Rows {
  items: unknown[];
  loading: boolean;
  hasMore: boolean;
  loadMore?: () => void;
  refresh: () => Promise<void>;
}

function keyOf(item: unknown, index: number, field: string): string | number {
  if (item && typeof item === 'object') {
    const k = (item as Record<string, unknown>)[field];
    if (typeof k === 'string' || typeof k === 'number') return k;
  }
  return index;
}

function rowsOf(data: unknown, listPath: string): unknown[] {
  if (Array.isArray(data)) return data;
  const v = getPath(data, listPath);
  return Array.isArray(v) ? v : [];
}

function PlainRows({
  name,
  listPath,
  view,
}: {
  name: string;
  listPath: string;
  view: (r: Rows) => ReactNode;
}) {
  const q = useSource(name);
  return view({
    items: rowsOf(q.data, listPath),
    loading: q.isLoading,
    hasMore: false,
    refresh: async () => {
      await q.refetch();
    },
  });
}

function PagedRows({ name, view }: { name: string; view: (r: Rows) => ReactNode }) {
  const p = usePagedSource(name);
  return view({
    items: Array.isArray(p.items) ? p.items : [],
    loading: p.isLoading,
    hasMore: p.hasMore,
    loadMore: () => void p.loadMore(),
    refresh: p.refresh,
  });
}

export default function VirtualListWidget({ props, renderChildren }: WidgetProps<VirtualListProps>) {
  const { t } = useTranslation();
  const rt = useScreenRuntime();
  const source = asText(props.source);
  const itemHeight = Math.max(8, asNumber(props.itemHeight, 96));
  const overscan = Math.max(0, asNumber(props.overscan, 4));
  const itemKey = asText(props.itemKey) || 'id';
  const measured = flagOn(props.measure, false);
  const gap = Math.max(0, asNumber(props.gap, 0));
  if (measured) void loadMeasured();
  const loadingView = (
    <div className="gf-virtual-list__loading" role="status">
      {t('common.loading')}
    </div>
  );

  const view = ({ items, loading, hasMore, loadMore, refresh }: Rows) => {
    const body =
      loading && items.length === 0 ? (
        loadingView
      ) : items.length === 0 ? (
        <EmptyState description={asText(props.emptyText) || t('common.empty')} />
      ) : (
        // the end text sits in the same boundary as the rows: shown under the loading text while the
        // measured chunk arrives, it was pushed down by the rows a moment later (the one layout shift
        // Lighthouse found on #/sight)
        <Suspense fallback={loadingView}>
          {measured ? (
            <Measured
              count={items.length}
              itemHeight={itemHeight}
              overscan={overscan}
              gap={gap}
              rowKey={(i) => keyOf(items[i], i, itemKey)}
              renderRow={(i) => renderChildren(undefined, { item: items[i], index: i })}
              onEndReached={hasMore ? loadMore : undefined}
            />
          ) : (
            <Windowed
              count={items.length}
              itemHeight={itemHeight}
              overscan={overscan}
              rowKey={(i) => keyOf(items[i], i, itemKey)}
              renderRow={(i) => renderChildren(undefined, { item: items[i], index: i })}
              onEndReached={hasMore ? loadMore : undefined}
            />
          )}
          <div className="gf-virtual-list__end">
            {hasMore ? t('common.loading') : asText(props.endText) || t('common.noMore')}
          </div>
        </Suspense>
      );
    const cls = measured ? 'gf-virtual-list gf-virtual-list--measured' : 'gf-virtual-list';
    if (!flagOn(props.pullToRefresh, true)) return <div className={cls}>{body}</div>;
    return (
      <div className={cls}>
        <Pull onRefresh={refresh}>{body}</Pull>
      </div>
    );
  };

  if (source && rt.sources.paged.has(source)) return <PagedRows name={source} view={view} />;
  if (source) return <PlainRows name={source} listPath={asText(props.listPath) || 'list'} view={view} />;
  return view({
    items: Array.isArray(props.items) ? props.items : [],
    loading: false,
    hasMore: false,
    refresh: async () => {},
  });
}
