import { Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './tabs.css';

export interface TabsProps {
  items?: { key: string; title: string }[];
  activeKey?: string;
  /** the active key is also written to state[stateKey], so other nodes can react to it */
  stateKey?: string;
  /** keep the tab bar at the top while the page scrolls */
  sticky?: boolean;
}

export default function TabsWidget({ props, emit, run, renderChildren }: WidgetProps<TabsProps>) {
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && i.key !== undefined) : [];
  const fromProps = props.activeKey === undefined || props.activeKey === null ? '' : String(props.activeKey);
  const [active, setActive] = useState(fromProps || String(items[0]?.key ?? ''));

  // the screen may switch tabs itself (setState on the key it bound to activeKey)
  useEffect(() => {
    if (fromProps) setActive(fromProps);
  }, [fromProps]);

  const change = (key: string) => {
    setActive(key);
    const stateKey = asText(props.stateKey);
    void (async () => {
      if (stateKey) await run([{ type: 'setState', path: stateKey, value: key }]);
      await emit('change', { result: key });
    })();
  };

  return (
    <Tabs
      activeKey={active}
      onChange={change}
      className={props.sticky ? 'gf-tabs gf-tabs--sticky' : 'gf-tabs'}
    >
      {items.map((item) => (
        <Tabs.Tab key={String(item.key)} title={asText(item.title)}>
          {renderChildren(String(item.key))}
        </Tabs.Tab>
      ))}
    </Tabs>
  );
}
