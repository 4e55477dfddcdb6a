/**
 * A widget whose code is a separate chunk, registered as an ordinary (eager) entry. Unlike a React.lazy
 * entry it can be fetched ahead of rendering (preloadScreenWidgets) and then renders synchronously, so a
 * screen opens with all of its widgets instead of skeletons popping into content one by one.
 * A chunk that fails to load throws into the engine's node boundary, like a failing widget.
 */
import { type FunctionComponent, useEffect, useState } from 'react';
import type { RegistryEntry, Widget, WidgetProps, WidgetRegistry } from '../engine/contract';
import { afterPaintTypes, firstPaintParts, firstPaintTypes } from './first-paint';

export type DeferredWidget = FunctionComponent<WidgetProps> & { preload(): Promise<Widget> };

export function deferredWidget(load: () => Promise<{ default: Widget }>): DeferredWidget {
  let loaded: Widget | null = null;
  let pending: Promise<Widget> | null = null;

  function preload(): Promise<Widget> {
    if (loaded) return Promise.resolve(loaded);
    // widgets are antd-mobile based: its React 19 render and locale setup comes with the first of them
    pending ??= Promise.all([load(), import('./antd-setup')]).then(
      ([m]) => {
        loaded = m.default;
        return loaded;
      },
      (e: unknown) => {
        pending = null; // a later render or preload tries again (network back)
        throw e;
      },
    );
    return pending;
  }

  function Deferred(props: WidgetProps) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && setLoaded(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failure) throw failure.error;
    const Component = loaded;
    return Component ? <Component {...props} /> : <span className="gf-widget-loading" aria-hidden="true" />;
  }
  return Object.assign(Deferred, { preload });
}

function isDeferred(component: unknown): component is DeferredWidget {
  return typeof (component as Partial<DeferredWidget>).preload === 'function';
}

/**
 * Fetch the code of every deferred widget a screen config names; resolves once those drawn when the
 * screen opens are in (first-paint.ts), the ones inside overlays keep loading. Never rejects: a widget
 * whose chunk fails is left to its node boundary.
 */
const partLoaders = new Map<string, () => Promise<unknown>>();

/**
 * A widget registers how to load a part of it it keeps in a chunk of its own (`virtual-list/measured`,
 * see WIDGET_PARTS in first-paint.ts), so a screen whose nodes need that part fetches it with its widgets.
 */
export function registerWidgetPart(name: string, load: () => Promise<unknown>): void {
  partLoaders.set(name, load);
}

export async function preloadScreenWidgets(registry: WidgetRegistry, tree: unknown): Promise<void> {
  const drawn = firstPaintTypes(tree);
  const loads: Promise<unknown>[] = [];
  for (const part of firstPaintParts(tree)) loads.push(partLoaders.get(part)?.() ?? Promise.resolve());
  const later: DeferredWidget[] = [];
  for (const type of afterPaintTypes(tree)) {
    const entry: RegistryEntry | undefined = registry.get(type);
    if (entry?.kind !== 'eager' || !isDeferred(entry.component)) continue;
    if (drawn.has(type)) loads.push(entry.component.preload());
    else later.push(entry.component);
  }
  await Promise.allSettled(loads);
  // after the screen has painted, so they do not compete with what it draws; a failure is reported by
  // the node boundary when the popup opens
  afterPaint(() => {
    for (const w of later) w.preload().catch(() => {});
  });
}

function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/** Fetch every deferred widget of a registry (tests that render synchronously). */
export async function preloadRegistry(registry: WidgetRegistry): Promise<void> {
  const loads = [...registry.values()].map((entry) =>
    entry.kind === 'eager' && isDeferred(entry.component) ? entry.component.preload() : null,
  );
  await Promise.all(loads);
}
