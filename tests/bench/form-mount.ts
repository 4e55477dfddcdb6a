/**
 * A 200-field form rendered from config vs the same form written by hand, mounted in jsdom in one
 * run. Runs alternate and the median of each side is compared, so machine noise hits both alike.
 */
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

// antd-mobile's CommonJS build requires its CSS; outside a bundler that is a no-op for a mount timing.
(createRequire(import.meta.url).extensions as Record<string, unknown>)['.css'] = () => {};

export async function formMountRatio(fields: number, rounds = 15) {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
  const g = globalThis as any;
  g.window = dom.window;
  g.document = dom.window.document;
  g.navigator = dom.window.navigator;
  g.HTMLElement = dom.window.HTMLElement;
  g.IS_REACT_ACT_ENVIRONMENT = true;
  const { act } = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { buildConfigForm, buildHandWrittenForm } = await import('../../src/engine/bench/form-bench');

  const mountMs = async (element: () => React.ReactElement) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const t0 = performance.now();
    await act(async () => root.render(element()));
    const ms = performance.now() - t0;
    if (host.querySelectorAll('input').length !== fields) throw new Error('form did not render every field');
    await act(async () => root.unmount());
    host.remove();
    return ms;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  // warm up both paths (module init, JIT)
  await mountMs(() => buildConfigForm(fields));
  await mountMs(() => buildHandWrittenForm(fields));
  const config: number[] = [];
  const hand: number[] = [];
  for (let i = 0; i < rounds; i++) {
    config.push(await mountMs(() => buildConfigForm(fields)));
    hand.push(await mountMs(() => buildHandWrittenForm(fields)));
  }
  const configMs = Math.round(median(config) * 10) / 10;
  const handMs = Math.round(median(hand) * 10) / 10;
  return { configMs, handMs, ratio: Math.round((configMs / handMs) * 100) / 100 };
}
