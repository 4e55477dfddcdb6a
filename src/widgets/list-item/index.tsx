import { List } from 'antd-mobile';
import type { KeyboardEvent } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { AppIcon } from '../icon/app-icon';
import { asText } from '../shared/css';
import './list-item.css';

export interface ListItemProps {
  title?: unknown;
  description?: unknown;
  extra?: unknown;
  arrow?: boolean;
  /** image url shown before the title */
  prefix?: string;
  /** antd-mobile-icons name shown before the title (when there is no prefix image) */
  icon?: string;
  clickable?: boolean;
  disabled?: boolean;
}

export default function ListItemWidget({ node, props, emit, renderChildren }: WidgetProps<ListItemProps>) {
  const pressable = Boolean(node.on?.press) && !props.disabled;
  const clickable = props.clickable ?? pressable;
  const prefixImage = asText(props.prefix);
  const icon = asText(props.icon);
  const prefix = prefixImage ? (
    <img className="gf-list-item__prefix-image" src={prefixImage} alt="" loading="lazy" />
  ) : icon ? (
    <AppIcon name={icon} size="20px" />
  ) : undefined;
  const description = asText(props.description);
  const extra = asText(props.extra);
  const slotExtra = node.slots?.extra ? renderChildren('extra') : null;
  const press = pressable ? () => void emit('press') : undefined;
  const onKeyDown = press
    ? (e: KeyboardEvent) => {
        if (e.key === 'Enter') press();
      }
    : undefined;
  return (
    <div onKeyDown={onKeyDown}>
      <List.Item
        prefix={prefix}
        description={description || undefined}
        extra={slotExtra ?? (extra || undefined)}
        arrowIcon={props.arrow === undefined ? undefined : Boolean(props.arrow)}
        clickable={clickable}
        disabled={Boolean(props.disabled)}
        onClick={press}
        tabIndex={press ? 0 : undefined}
      >
        {asText(props.title)}
        {renderChildren()}
      </List.Item>
    </div>
  );
}
