/** A club's generated crest as a config node (tables, lists): the shared Crest with props from data. */
import type { WidgetProps } from '../../engine/contract';
import { Crest } from '../shared/crest';
import { asNumber, asText } from '../shared/css';

export interface CrestWidgetProps {
  /** short name (or name) of the club */
  name?: unknown;
  /** club colour, hex */
  color?: unknown;
  /** height in px, default 20 */
  size?: unknown;
}

export default function CrestWidget({ props }: WidgetProps<CrestWidgetProps>) {
  return <Crest name={asText(props.name)} color={asText(props.color)} size={asNumber(props.size, 20)} />;
}
