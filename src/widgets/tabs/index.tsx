import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import { TabBar } from '../shared/tab-bar';
import './tabs.css';

export interface TabsProps {
  items?: { key: string; title: string }[];
  activeKey?: string;
  /** the active key is also written to state[stateKey], so other nodes can react to it */
  stateKey?: string;
  /** keep the tab bar at the top while the page scrolls */
  sticky?: boolean;
}

/**
 * Tabs with panes. A pane is rendered the first time its tab is opened and then kept (hidden while
 * another tab is on), so a chat's scroll position or a half-filled form survive switching back.
 */
export default function TabsWidget({ props, emit, run, renderChildren }: WidgetProps<TabsProps>) {
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && i.key !== undefined) : [];
  const fromProps = props.activeKey === undefined || props.activeKey === null ? '' : String(props.activeKey);
  const [active, setActive] = useState(fromProps || String(items[0]?.key ?? ''));
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([active]));

  // the screen may switch tabs itself (setState on the key it bound to activeKey)
  useEffect(() => {
    if (fromProps) setActive(fromProps);
  }, [fromProps]);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setOpened((seen) => (seen.has(active) ? seen : new Set(seen).add(active)));
    // with more titles than fit, the active one is scrolled into view (as antd's Tabs did)
    // The first tab needs no scrolling; asking the bar's widths would force a layout of the whole page
    // inside the first render's effects (~65 ms on the login page), ahead of the frame's own layout.
    const bar = root.current?.firstElementChild;
    const tab = bar?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!bar || !tab?.previousElementSibling || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollTo({ left: tab.offsetLeft - (bar.clientWidth - tab.offsetWidth) / 2, behavior: 'smooth' });
  }, [active]);

  const change = (key: string) => {
    setActive(key);
    const stateKey = asText(props.stateKey);
    void (async () => {
      if (stateKey) await run([{ type: 'setState', path: stateKey, value: key }]);
      await emit('change', { result: key });
    })();
  };

  return (
    <div ref={root} className={props.sticky ? 'gf-tabs gf-tabs--sticky' : 'gf-tabs'}>
      <TabBar items={items} active={active} onPick={change} className="gf-tabs__bar" />
      {items.map((item) => {
        const key = String(item.key);
        if (key !== active && !opened.has(key)) return null;
        return (
          <div key={key} className="gf-tabs__pane" role="tabpanel" hidden={key !== active}>
            {renderChildren(key)}
          </div>
        );
      })}
    </div>
  );
}
