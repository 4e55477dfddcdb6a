/**
 * The tab bar both `tab-strip` (bar only) and `tabs` (bar and panes) draw: buttons with an underline,
 * scrolling sideways when the titles do not fit. It carries no antd-mobile code: antd's Tabs pulls in
 * react-spring (~17 KB gzip) only to slide the underline, which cost every route with tabs (the match
 * detail page first of all) its size budget. No hooks here: the bar rides in the first load (tab-strip).
 */

export interface TabBarItem {
  key: string;
  title: string;
}

export function TabBar({
  items,
  active,
  onPick,
  className,
}: {
  items: TabBarItem[];
  active: string;
  onPick: (key: string) => void;
  className: string;
}) {
  return (
    <div className={`gf-tab-bar ${className}`} role="tablist">
      {items.map((item) => {
        const key = String(item.key);
        const on = key === active;
        return (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={on}
            className={on ? 'gf-tab-bar__tab gf-tab-bar__tab--on' : 'gf-tab-bar__tab'}
            onClick={() => {
              if (!on) onPick(key);
            }}
          >
            {String(item.title ?? '')}
          </button>
        );
      })}
    </div>
  );
}
