import { DotLoading, Empty, InfiniteScroll } from 'antd-mobile';
import { type CSSProperties, Fragment, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedSource } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asText, flagOn } from '../shared/css';
import './infinite-list.css';
import { PullToRefreshLater } from './pull-later';

export interface InfiniteListProps {
  /** name of a paged data source of the screen */
  source?: string;
  emptyText?: string;
  endText?: string;
  pullToRefresh?: boolean;
  /** item field used as the React key (default `id`, falling back to the position) */
  itemKey?: string;
  /** items per row (a grid); default 1 */
  columns?: number;
  /** px between grid items */
  gap?: number;
  /** CSS padding around the items */
  padding?: string;
}

function keyOf(item: unknown, index: number, field: string): string | number {
  if (item && typeof item === 'object') {
    const k = (item as Record<string, unknown>)[field];
    if (typeof k === 'string' || typeof k === 'number') return k;
  }
  return index;
}

const NONE: unknown[] = [];

export default function InfiniteListWidget({ props, renderChildren }: WidgetProps<InfiniteListProps>) {
  const { t } = useTranslation();
  const paged = usePagedSource(asText(props.source));
  const items = Array.isArray(paged.items) ? paged.items : NONE;
  // A feed is mostly below the fold: items that arrive after it mounted are drawn in a deferred render
  // (in slices, after the commit that paints the screen's opening view), so banners and headers above it
  // do not wait for ten cards. Items already there at mount (back to a page) show at once, so the saved
  // scroll position has its height. While a deferred render is pending, no sentinel asks for a next page.
  const [atMount] = useState(items);
  const shown = useDeferredValue(items, atMount);
  const drawing = shown !== items;
  const itemKey = asText(props.itemKey) || 'id';
  const firstLoad = paged.isLoading && items.length === 0;
  const endText = asText(props.endText) || t('common.noMore');
  const columns = Math.min(4, Math.max(1, Math.floor(Number(props.columns) || 1)));
  const gap = Number.isFinite(Number(props.gap)) ? Number(props.gap) : 8;
  const padding = asText(props.padding) || undefined;
  const itemsStyle: CSSProperties | undefined =
    columns > 1
      ? { display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap, padding }
      : padding
        ? { padding }
        : undefined;

  const body = firstLoad ? (
    <div className="gf-infinite-list__loading" role="status">
      <DotLoading color="primary" />
      <span>{t('common.loading')}</span>
    </div>
  ) : items.length === 0 && !paged.hasMore ? (
    <Empty description={asText(props.emptyText) || t('common.empty')} />
  ) : (
    <>
      <div className="gf-infinite-list__items" style={itemsStyle}>
        {shown.map((item, index) => (
          <Fragment key={keyOf(item, index, itemKey)}>{renderChildren(undefined, { item, index })}</Fragment>
        ))}
      </div>
      {drawing ? null : (
        <InfiniteScroll loadMore={() => paged.loadMore()} hasMore={Boolean(paged.hasMore)}>
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="gf-infinite-list__retry" onClick={retry}>
                {t('widget.list.loadFailed')}
              </button>
            ) : hasMore ? (
              <span role="status">
                <DotLoading /> {t('common.loading')}
              </span>
            ) : (
              <span>{endText}</span>
            )
          }
        </InfiniteScroll>
      )}
    </>
  );

  if (!flagOn(props.pullToRefresh, true)) return <div className="gf-infinite-list">{body}</div>;
  return (
    <div className="gf-infinite-list">
      <PullToRefreshLater
        onRefresh={() => paged.refresh()}
        texts={{
          pullingText: t('widget.pull.pulling'),
          canReleaseText: t('widget.pull.release'),
          refreshingText: t('widget.pull.refreshing'),
          completeText: t('widget.pull.complete'),
        }}
      >
        {body}
      </PullToRefreshLater>
    </div>
  );
}
