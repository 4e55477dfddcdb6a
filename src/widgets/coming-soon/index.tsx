import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';

export interface ComingSoonProps {
  title?: unknown;
}

/** Honest placeholder for screens that are routed but not built yet: says so instead of faking content. */
export default function ComingSoonWidget({ props }: WidgetProps<ComingSoonProps>) {
  const { t } = useTranslation();
  const title = asText(props.title);
  return (
    <div style={{ padding: '48px 16px' }}>
      <ErrorBlock
        status="empty"
        title={title || t('common.comingSoon')}
        description={title ? t('common.comingSoon') : ''}
      />
    </div>
  );
}
