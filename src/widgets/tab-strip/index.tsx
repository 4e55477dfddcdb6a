/**
 * A light tab bar (buttons with an underline, no panes): the active key goes to state[stateKey] and to
 * on.change ({result: key}); the screen shows what belongs to the tab with visibleWhen. Unlike `tabs`
 * it renders no panes; both draw the same bar (shared/tab-bar).
 */
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import { TabBar } from '../shared/tab-bar';

export interface TabStripProps {
  items?: { key: string; title: string }[];
  activeKey?: string;
  stateKey?: string;
  sticky?: boolean;
}

export default function TabStripWidget({ props, run, emit }: WidgetProps<TabStripProps>) {
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && i.key !== undefined) : [];
  const active = asText(props.activeKey) || asText(items[0]?.key);
  const pick = (key: string) => {
    const stateKey = asText(props.stateKey);
    void (async () => {
      if (stateKey) await run([{ type: 'setState', path: stateKey, value: key }]);
      await emit('change', { result: key });
    })();
  };
  return (
    <TabBar
      items={items}
      active={active}
      onPick={pick}
      className={props.sticky ? 'gf-tab-strip gf-tab-strip--sticky' : 'gf-tab-strip'}
    />
  );
}
