import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';
import { loadIconSvg } from './icon-svg';

/** name -> SVG markup drawn at build time from antd-mobile-icons (scripts/gen-icons.ts) */
const loaded = new Map<string, string>();
const pending = new Map<string, Promise<string | null>>();

function loadIcon(name: string): Promise<string | null> {
  let p = pending.get(name);
  if (!p) {
    p = loadIconSvg(name).then(
      (svg) => {
        if (svg === undefined) {
          if (import.meta.env.DEV)
            console.warn(`[widgets] unknown icon "${name}": add it to icon-names.json`);
          return null;
        }
        loaded.set(name, svg);
        return svg;
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
  const svg = loaded.get(name);
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
      {svg ? (
        // markup drawn at build time from the icon package (scripts/gen-icons.ts), never user text
        // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time constant SVG of a trusted package
        <span style={{ display: 'inline-flex' }} dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <span style={{ display: 'inline-block', width: '1em', height: '1em' }} />
      )}
    </span>
  );
}
