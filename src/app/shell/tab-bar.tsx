/** Bottom tab bar from screens/tabs.json. Selecting a tab resets the stored initial tab and navigates. */
import { TabBar } from 'antd-mobile';
import {
  ClockCircleFill,
  ClockCircleOutline,
  CompassOutline,
  HistogramOutline,
  StarFill,
  StarOutline,
  UserCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabLayout } from '../../engine/config-types.gen';
import { AppIcon } from '../../widgets/icon/app-icon';
import { INITIAL_TAB_KEY } from '../navigation';

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
  return Icon ? <Icon /> : <AppIcon name={name} />;
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
      <TabBar
        safeArea
        activeKey={active ?? null}
        onChange={(path) => {
          sessionStorage.setItem(INITIAL_TAB_KEY, '0');
          onNavigate(path);
        }}
      >
        {layout.tabs.map((tab) => (
          <TabBar.Item
            key={tab.path}
            title={t(tabTitleKey(tab.title))}
            icon={(isActive: boolean) => (
              <TabIcon name={isActive && tab.activeIcon ? tab.activeIcon : tab.icon} />
            )}
          />
        ))}
      </TabBar>
    </nav>
  );
}
