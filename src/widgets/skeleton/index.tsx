import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, flagOn } from '../shared/css';

export interface SkeletonProps {
  rows?: number;
  title?: boolean;
}

export default function SkeletonWidget({ props }: WidgetProps<SkeletonProps>) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} style={{ padding: '12px 16px' }}>
      {flagOn(props.title, true) ? <Skeleton.Title animated /> : null}
      <Skeleton.Paragraph lineCount={Math.max(1, asNumber(props.rows, 3))} animated />
    </div>
  );
}
