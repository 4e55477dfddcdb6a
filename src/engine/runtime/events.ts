/** Screen-local events: `{type: "emit", event}` actions reach widgets that called useScreenEvent. */
export type ScreenEventHandler = (detail: unknown) => void;

export interface EventBus {
  emit(event: string, detail?: unknown): void;
  on(event: string, handler: ScreenEventHandler): () => void;
}

export function createEventBus(): EventBus {
  const handlers = new Map<string, Set<ScreenEventHandler>>();
  return {
    emit(event, detail) {
      for (const h of handlers.get(event) ?? []) h(detail);
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set<ScreenEventHandler>();
      handlers.set(event, set);
      set.add(handler);
      return () => set.delete(handler);
    },
  };
}
