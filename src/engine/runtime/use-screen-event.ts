import { useEffect, useRef } from 'react';
import type { ScreenEventHandler } from './events';
import { useScreenRuntime } from './screen-runtime';

/** Run `handler` whenever an `{type: "emit", event: name}` action runs on this screen. */
export function useScreenEvent(name: string | undefined, handler: ScreenEventHandler): void {
  const rt = useScreenRuntime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => (name ? rt.events.on(name, (d) => latest.current(d)) : undefined), [rt, name]);
}
