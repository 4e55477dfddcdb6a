import { createContext, type ReactNode, useContext } from 'react';
import type { RegistryEntry, Widget, WidgetRegistry } from './contract';

const WidgetRegistryContext = createContext<WidgetRegistry>(new Map());

export function WidgetRegistryProvider({
  registry,
  children,
}: {
  registry: WidgetRegistry;
  children: ReactNode;
}) {
  return <WidgetRegistryContext.Provider value={registry}>{children}</WidgetRegistryContext.Provider>;
}

export function useWidgetRegistry(): WidgetRegistry {
  return useContext(WidgetRegistryContext);
}

/** Build a registry from plain components (eager) and import() thunks (lazy, for heavy widgets). */
export function createWidgetRegistry(
  eager: Record<string, Widget>,
  lazy: Record<string, RegistryEntry & { kind: 'lazy' }> = {},
): WidgetRegistry {
  const map = new Map<string, RegistryEntry>();
  for (const [type, component] of Object.entries(eager)) map.set(type, { kind: 'eager', component });
  for (const [type, entry] of Object.entries(lazy)) map.set(type, entry);
  return map;
}
