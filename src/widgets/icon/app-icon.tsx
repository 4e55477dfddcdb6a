import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { type ComponentType, type CSSProperties, type SVGProps, useEffect, useState } from 'react';
import { ICON_LOADERS } from './icon-loaders';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

// the page widget's back arrow is in the first load anyway, so it never flashes
const loaded = new Map<string, IconComponent>([['LeftOutline', LeftOutline]]);
const pending = new Map<string, Promise<IconComponent | null>>();

function loadIcon(name: string): Promise<IconComponent | null> {
  const loader = ICON_LOADERS[name];
  if (!loader) {
    if (import.meta.env.DEV) console.warn(`[widgets] unknown icon "${name}": add it to icon-loaders.ts`);
    return Promise.resolve(null);
  }
  let p = pending.get(name);
  if (!p) {
    p = loader().then(
      (m) => {
        loaded.set(name, m.default);
        return m.default;
      },
      () => {
        pending.delete(name);
        return null;
      },
    );
    pending.set(name, p);
  }
  return p;
}

/** Fetch an icon ahead of use (the tab bar's variants for tabs not shown yet). */
export function preloadIcon(name: string): void {
  if (!loaded.has(name)) void loadIcon(name);
}

export interface AppIconProps {
  name: string;
  size?: string;
  color?: string;
  label?: string;
}

/**
 * An antd-mobile-icons icon by name. Until its chunk arrives (and for unknown names) it holds an empty
 * box of the same size so the layout does not jump.
 */
export function AppIcon({ name, size, color, label }: AppIconProps) {
  const [, setVersion] = useState(0);
  const Icon = loaded.get(name);
  useEffect(() => {
    if (loaded.has(name) || !name) return;
    let live = true;
    void loadIcon(name).then((icon) => {
      if (live && icon) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [name]);
  const style: CSSProperties = { fontSize: size, color, display: 'inline-flex', lineHeight: 1 };
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className="gf-icon" style={style} {...a11y}>
      {Icon ? <Icon /> : <span style={{ display: 'inline-block', width: '1em', height: '1em' }} />}
    </span>
  );
}
