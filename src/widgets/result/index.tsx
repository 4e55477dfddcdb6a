import { Result } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';

export interface ResultProps {
  status?: 'success' | 'error' | 'info' | 'waiting' | 'warning';
  title?: unknown;
  description?: unknown;
}

const STATUSES = new Set(['success', 'error', 'info', 'waiting', 'warning']);

export default function ResultWidget({ props, renderChildren }: WidgetProps<ResultProps>) {
  const status = STATUSES.has(props.status as string) ? props.status : 'info';
  const description = asText(props.description);
  return (
    <div className="gf-result">
      <Result status={status} title={asText(props.title)} description={description || undefined} />
      {renderChildren()}
    </div>
  );
}
