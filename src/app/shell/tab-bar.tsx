/**
 * Bottom tab bar from screens/tabs.json. Selecting a tab resets the stored initial tab and navigates.
 * Hand-written links rather than antd-mobile's TabBar: its items are clickable divs that a keyboard or a
 * screen reader cannot reach, and it would pull Badge/SafeArea into the first load.
 */
import ClockCircleFill from 'antd-mobile-icons/es/ClockCircleFill';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import UserCircleOutline from 'antd-mobile-icons/es/UserCircleOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabLayout } from '../../engine/config-types.gen';
import { AppIcon } from '../../widgets/icon/app-icon';
import { INITIAL_TAB_KEY } from '../navigation';
import './tab-bar.css';

// the icons of the shipped tabs.json load with the bar; other names come from the lazy icon set
const TAB_ICONS: Record<string, ComponentType> = {
  ClockCircleFill,
  ClockCircleOutline,
  CompassOutline,
  HistogramOutline,
  StarFill,
  StarOutline,
  UserCircleOutline,
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
}

export function AppTabBar({ layout, pathname, onNavigate }: AppTabBarProps) {
  const { t } = useTranslation();
  const active = activeTabPath(layout, pathname);
  return (
    <nav className="gf-tabbar" aria-label={t('tabs.label')}>
      <ul className="gf-tabbar__list">
        {layout.tabs.map((tab) => {
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
