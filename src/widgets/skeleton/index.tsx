/**
 * Loading placeholder. Given `source` (a plain data source of the screen) it also ends the wait: when
 * that source fails it shows why instead of shimmering forever - "not found" for a 100404 (or a 100400,
 * a malformed id in a link is just as missing) with the node's children under it (a way back), and a
 * load failure with a retry button otherwise.
 */
import { Button, Empty, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSource } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText, cssSize, flagOn } from '../shared/css';

export interface SkeletonProps {
  rows?: number;
  title?: boolean;
  /** the data source whose failure ends the placeholder */
  source?: string;
  notFoundText?: unknown;
  notFoundHint?: unknown;
  /** the height the placeholder holds, so what replaces it moves nothing below (CLS) */
  height?: number | string;
}

const NOT_FOUND = new Set([100404, 100400]);

function Placeholder({ props }: { props: SkeletonProps }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      style={{
        padding: '12px 16px',
        boxSizing: 'border-box',
        height: cssSize(props.height),
        overflow: 'hidden',
      }}
    >
      {flagOn(props.title, true) ? <Skeleton.Title animated /> : null}
      <Skeleton.Paragraph lineCount={Math.max(1, asNumber(props.rows, 3))} animated />
    </div>
  );
}

function Watched({ props, renderChildren }: Pick<WidgetProps<SkeletonProps>, 'props' | 'renderChildren'>) {
  const { t } = useTranslation();
  const q = useSource(String(props.source));
  if (!q.error) return <Placeholder props={props} />;
  const code = Number((q.error as { code?: unknown }).code);
  if (NOT_FOUND.has(code)) {
    const hint = asText(props.notFoundHint);
    return (
      <div className="gf-empty" role="alert" data-testid="not-found">
        <Empty description={asText(props.notFoundText) || t('widget.skeleton.notFound')} />
        {hint ? <p className="gf-empty__detail">{hint}</p> : null}
        {renderChildren()}
      </div>
    );
  }
  return (
    <div className="gf-empty" role="alert" data-testid="load-failed">
      <Empty description={t('app.loadFailed')} />
      <Button size="small" onClick={() => void q.refetch()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

export default function SkeletonWidget({ props, renderChildren }: WidgetProps<SkeletonProps>) {
  // the source is fixed per node, so the hook inside Watched is called on every render or never
  return props.source ? (
    <Watched props={props} renderChildren={renderChildren} />
  ) : (
    <Placeholder props={props} />
  );
}
