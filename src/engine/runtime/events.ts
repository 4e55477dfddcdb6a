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
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
  };
}
