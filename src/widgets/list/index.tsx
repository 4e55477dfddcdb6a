import { List } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';

export interface ListProps {
  header?: unknown;
  mode?: 'default' | 'card';
}

export default function ListWidget({ props, renderChildren }: WidgetProps<ListProps>) {
  const header = asText(props.header);
  return (
    <List header={header || undefined} mode={props.mode === 'card' ? 'card' : 'default'}>
      {renderChildren()}
    </List>
  );
}
