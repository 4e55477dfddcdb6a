import { cleanup, screen as dom } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Widget } from './contract';
import { createWidgetRegistry } from './registry';
import { createFakeServices } from './testing/fake-services';
import { renderScreen } from './testing/render-screen';

afterEach(cleanup);

const Heavy: Widget = ({ props }) => <p>heavy {String(props.label)}</p>;

describe('widget registry', () => {
  it('shows a skeleton while a lazy widget loads, then the widget', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const registry = createWidgetRegistry(
      { box: ({ renderChildren }) => <div>{renderChildren()}</div> },
      { heavy: { kind: 'lazy', component: lazy(() => gate.then(() => ({ default: Heavy }))) } },
    );
    const { container } = renderScreen(
      { id: 'lazy', body: { type: 'box', children: [{ type: 'heavy', props: { label: '{{ 1 + 1 }}' } }] } },
      { registry },
    );
    expect(container.querySelector('.gf-node-loading')).not.toBeNull();
    release();
    expect(await dom.findByText('heavy 2')).toBeTruthy();
    expect(container.querySelector('.gf-node-loading')).toBeNull();
  });

  it('renders a visible fallback for an unregistered type instead of a blank screen', () => {
    const services = createFakeServices({ 'engine.unknownWidget': '無法顯示此內容（{{type}}）' });
    const registry = createWidgetRegistry({});
    renderScreen({ id: 'unknown', body: { type: 'mystery' } }, { registry, services });
    expect(dom.getByRole('alert').textContent).toBe('無法顯示此內容（mystery）');
    expect(services.events).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        name: 'unknownWidget',
        payload: expect.objectContaining({ type: 'mystery' }),
      }),
    );
  });
});
