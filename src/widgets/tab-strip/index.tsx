/**
 * A light tab bar (buttons with an underline, no panes): the active key goes to state[stateKey] and to
 * on.change ({result: key}); the screen shows what belongs to the tab with visibleWhen. Unlike `tabs`
 * it carries no antd-mobile code, so a first screen (the match tab) can use it within the load budget.
 */
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './tab-strip.css';

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
    if (key === active) return;
    const stateKey = asText(props.stateKey);
    void (async () => {
      if (stateKey) await run([{ type: 'setState', path: stateKey, value: key }]);
      await emit('change', { result: key });
    })();
  };
  return (
    <div className={props.sticky ? 'gf-tab-strip gf-tab-strip--sticky' : 'gf-tab-strip'} role="tablist">
      {items.map((item) => {
        const key = asText(item.key);
        return (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={key === active}
            className={key === active ? 'gf-tab-strip__tab gf-tab-strip__tab--on' : 'gf-tab-strip__tab'}
            onClick={() => pick(key)}
          >
            {asText(item.title)}
          </button>
        );
      })}
    </div>
  );
}
