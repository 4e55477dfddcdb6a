/**
 * Bottom tab bar from screens/tabs.json. Selecting a tab resets the stored initial tab and navigates.
 * Hand-written links rather than antd-mobile's TabBar: its items are clickable divs that a keyboard or a
 * screen reader cannot reach, and it would pull Badge/SafeArea into the first load.
 */
import ClockCircleFill from 'antd-mobile-icons/es/ClockCircleFill';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabLayout } from '../../engine/config-types.gen';
import type { SessionStore } from '../../state/session-store';
import { AppIcon, preloadIcon } from '../../widgets/icon/app-icon';
import { whenIdle } from '../../widgets/shared/when-idle';
import { INITIAL_TAB_KEY } from '../navigation';
import { useSyncExternalStore } from '../sync-external-store';
import './tab-bar.css';

// Only the icons the bar shows on the start page (#/match active, the others idle) load with the bar:
// the other variants (match idle, experts/me active) come from the lazy icon set, fetched right after
// the first paint so a tab switch does not flash an empty icon.
const ICON_PREFETCH_DELAY_MS = 5000;

const TAB_ICONS: Record<string, ComponentType> = {
  ClockCircleFill,
  CompassOutline,
  HistogramOutline,
  StarOutline,
  UserOutline,
};

function TabIcon({ name }: { name: string }) {
  const Icon = TAB_ICONS[name];
  return Icon ? <Icon aria-hidden /> : <AppIcon name={name} />;
}

export function tabTitleKey(title: string): string {
  return title.startsWith('$t:') ? title.slice(3) : title;
}

/** The tab owning a path: exact match, or the deepest tab path that prefixes it. */
export function activeTabPath(layout: TabLayout, pathname: string): string | undefined {
  return layout.tabs
    .filter((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}

export interface AppTabBarProps {
  layout: TabLayout;
  pathname: string;
  onNavigate(path: string): void;
  /** the session: tabs with a `badge` show a count to a signed-in user */
  store?: SessionStore;
}

const noStore = () => () => {};

/** Badge counts by tab key; the code that reads and follows them loads only for a signed-in user. */
function useBadges(layout: TabLayout, store?: SessionStore): Record<string, number> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const userId = useSyncExternalStore(store?.subscribe ?? noStore, () => {
    const s = store?.get();
    return s?.isLogin ? String(s.user?.id ?? '') : '';
  });
  useEffect(() => {
    setCounts({});
    const tabs = layout.tabs.filter((tab) => tab.badge);
    if (!userId || !tabs.length) return;
    let offs: (() => void)[] = [];
    let alive = true;
    void import('./tab-badge').then(({ watchBadge }) => {
      if (!alive) return;
      offs = tabs.map((tab) =>
        watchBadge(tab.badge!, userId, (n) => setCounts((c) => ({ ...c, [tab.key]: n }))),
      );
    });
    return () => {
      alive = false;
      for (const off of offs) off();
    };
  }, [layout, userId]);
  return counts;
}

export function AppTabBar({ layout, pathname, onNavigate, store }: AppTabBarProps) {
  const { t } = useTranslation();
  const active = activeTabPath(layout, pathname);
  const badges = useBadges(layout, store);
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const names = layout.tabs.flatMap((tab) => (tab.activeIcon ? [tab.icon, tab.activeIcon] : [tab.icon]));
    let done = false;
    const prefetch = () => {
      if (done) return;
      done = true;
      for (const name of names) if (!TAB_ICONS[name]) preloadIcon(name);
    };
    // the other icon variants: on the first sign of a tap on the bar, else well after the first screen
    // (they never compete with it, nor count as part of its load)
    const nav = navRef.current;
    const intents = ['pointerdown', 'pointerover', 'focusin'] as const;
    for (const type of intents) nav?.addEventListener(type, prefetch, { once: true, passive: true });
    const id = setTimeout(() => whenIdle(prefetch), ICON_PREFETCH_DELAY_MS);
    return () => {
      clearTimeout(id);
      for (const type of intents) nav?.removeEventListener(type, prefetch);
    };
  }, [layout]);
  return (
    <nav ref={navRef} className="gf-tabbar" aria-label={t('tabs.label')}>
      <ul className="gf-tabbar__list">
        {layout.tabs
          .filter((tab) => !tab.hidden)
          .map((tab) => {
            const isActive = tab.path === active;
            return (
              <li key={tab.path} className="gf-tabbar__cell">
                <a
                  href={`#${tab.path}`}
                  className={isActive ? 'gf-tabbar__item gf-tabbar__item--active' : 'gf-tabbar__item'}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={(e) => {
                    // the router navigates (and keeps its history index); the href is for new tabs/readers
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    if (isActive) return;
                    sessionStorage.setItem(INITIAL_TAB_KEY, '0');
                    onNavigate(tab.path);
                  }}
                >
                  <span className="gf-tabbar__icon">
                    <TabIcon name={isActive && tab.activeIcon ? tab.activeIcon : tab.icon} />
                    {badges[tab.key] > 0 && (
                      <span className="gf-tabbar__badge" data-testid={`tab-badge-${tab.key}`}>
                        {badges[tab.key] > 99 ? '99+' : badges[tab.key]}
                      </span>
                    )}
                  </span>
                  <span className="gf-tabbar__title">{t(tabTitleKey(tab.title))}</span>
                </a>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
