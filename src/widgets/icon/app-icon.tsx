import { CloseOutline, LeftOutline, RightOutline } from 'antd-mobile-icons';
import { type ComponentType, type CSSProperties, type SVGProps, useEffect, useState } from 'react';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

// antd-mobile's own components already bundle these, so they cost nothing in the first load.
const EAGER: Record<string, IconComponent> = { LeftOutline, RightOutline, CloseOutline };

let iconSet: Record<string, IconComponent> | null = null;
let iconSetPromise: Promise<Record<string, IconComponent>> | null = null;

function loadIconSet() {
  iconSetPromise ??= import('./icon-set').then((m) => {
    iconSet = m.ICON_SET;
    return m.ICON_SET;
  });
  return iconSetPromise;
}

export interface AppIconProps {
  name: string;
  size?: string;
  color?: string;
  label?: string;
}

/**
 * An antd-mobile-icons icon by name. Until the lazy icon set arrives (and for unknown names) it holds
 * an empty box of the same size so the layout does not jump.
 */
export function AppIcon({ name, size, color, label }: AppIconProps) {
  const [set, setSet] = useState(iconSet);
  const Icon = EAGER[name] ?? set?.[name];
  useEffect(() => {
    if (!EAGER[name] && !set) void loadIconSet().then(setSet);
  }, [name, set]);
  const style: CSSProperties = { fontSize: size, color, display: 'inline-flex', lineHeight: 1 };
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className="gf-icon" style={style} {...a11y}>
      {Icon ? <Icon /> : <span style={{ display: 'inline-block', width: '1em', height: '1em' }} />}
    </span>
  );
}
