import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './empty.css';
import { EmptyState } from '../shared/empty-state';

export interface EmptyProps {
  text?: unknown;
  description?: unknown;
}

export default function EmptyWidget({ props, renderChildren }: WidgetProps<EmptyProps>) {
  const { t } = useTranslation();
  const description = asText(props.description);
  return (
    <div className="gf-empty">
      <EmptyState description={asText(props.text) || t('common.empty')} />
      {description ? <p className="gf-empty__detail">{description}</p> : null}
      {renderChildren()}
    </div>
  );
}
