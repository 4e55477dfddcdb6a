/**
 * The engine's form numbers, measured on production React (development React's checks double the
 * cost, and `act()` exists only there): a child process with NODE_ENV=production renders with
 * `flushSync` in jsdom.
 * - mount: a 200-field form rendered from config vs the same form written by hand with react-hook-form,
 *   alternating runs, median of each side, so machine noise hits both alike;
 * - keystroke: one input event in the config form at 200 and at 1,000 fields, from dispatch to the
 *   committed DOM (median of 15 rounds): its cost must not grow with the number of fields.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface FormBench {
  configMs: number;
  handMs: number;
  ratio: number;
  keystroke: Record<number, number>;
}

/** Runs this file in a child process on production React and returns what it measured. */
export function formBench(): FormBench {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  const line = r.stdout.split('\n').find((l) => l.startsWith('FORM_BENCH '));
  if (!line) throw new Error(`form bench failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(line.slice('FORM_BENCH '.length));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

async function measure(rounds = 15): Promise<FormBench> {
  // antd-mobile's CommonJS build requires its CSS; outside a bundler that is a no-op for a timing.
  (createRequire(import.meta.url).extensions as Record<string, unknown>)['.css'] = () => {};
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
  const g = globalThis as any;
  g.window = dom.window;
  g.document = dom.window.document;
  g.navigator = dom.window.navigator;
  g.HTMLElement = dom.window.HTMLElement;
  g.Event = dom.window.Event;
  const { flushSync } = await import('react-dom');
  const { createRoot } = await import('react-dom/client');
  const { buildConfigForm, buildHandWrittenForm } = await import('../../src/engine/bench/form-bench');

  const mounted = (element: () => React.ReactElement, fields: number) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const t0 = performance.now();
    flushSync(() => root.render(element()));
    const ms = performance.now() - t0;
    if (host.querySelectorAll('input').length !== fields) throw new Error('form did not render every field');
    return {
      ms,
      host,
      close() {
        flushSync(() => root.unmount());
        host.remove();
      },
    };
  };

  // warm up both paths (module init, JIT)
  mounted(() => buildConfigForm(200), 200).close();
  mounted(() => buildHandWrittenForm(200), 200).close();
  const config: number[] = [];
  const hand: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const c = mounted(() => buildConfigForm(200), 200);
    config.push(c.ms);
    c.close();
    const h = mounted(() => buildHandWrittenForm(200), 200);
    hand.push(h.ms);
    h.close();
  }

  const setValue = Object.getOwnPropertyDescriptor(dom.window.HTMLInputElement.prototype, 'value')!.set!;
  const keystroke: Record<number, number> = {};
  for (const fields of [200, 1000]) {
    const form = mounted(() => buildConfigForm(fields), fields);
    const input = form.host.querySelectorAll('input')[Math.floor(fields / 2)] as HTMLInputElement;
    const times: number[] = [];
    for (let i = 0; i < rounds + 5; i++) {
      const text = `x${i}`;
      const t0 = performance.now();
      flushSync(() => {
        setValue.call(input, text);
        input.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
      });
      const ms = performance.now() - t0;
      if (input.value !== text) throw new Error('keystroke did not reach the field');
      if (i >= 5) times.push(ms); // the first ones warm up
    }
    keystroke[fields] = round(median(times), 3);
    form.close();
  }
  const configMs = round(median(config), 1);
  const handMs = round(median(hand), 1);
  return { configMs, handMs, ratio: round(configMs / handMs), keystroke };
}

if (process.argv.includes('--child')) {
  const result = await measure();
  console.log(`FORM_BENCH ${JSON.stringify(result)}`);
  process.exit(0);
}
