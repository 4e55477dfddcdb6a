import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import zhhk from '../../../locales/zhhk.json';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('field-cascade', () => {
  it('walks the levels of a parent -> children API and stores the path down to a leaf', async () => {
    const services = createFakeServices({
      'common.back': zhhk.common.back,
      'common.cancel': zhhk.common.cancel,
    });
    services.answer('GET /mdr/api/v1/regions', (req) =>
      req.params?.parent === 'HK'
        ? [
            { code: 'HK-WC', name: '灣仔區', has_children: false },
            { code: 'HK-EA', name: '東區', has_children: false },
          ]
        : [
            { code: 'HK', name: '香港', has_children: true },
            { code: 'MO', name: '澳門', has_children: true },
          ],
    );
    renderWidgets(
      [
        {
          type: 'field-cascade',
          props: {
            form: 'f',
            name: 'region',
            label: '地區',
            placeholder: '揀選地區',
            path: '/mdr/api/v1/regions',
          },
        },
        { type: 'text', props: { text: 'region={{ json(form.f.region) }}' } },
      ],
      { form: { region: [] }, services },
    );
    const trigger = await screen.findByRole('button', { name: '地區' }, { timeout: 5000 });
    expect(trigger.textContent).toContain('揀選地區');
    await act(async () => {
      fireEvent.click(trigger);
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /香港/ }));
    });
    // the next level, asked for by its parent
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '灣仔區' }));
    });
    expect(services.calls.map((c) => c.params?.parent ?? null)).toEqual([null, 'HK']);
    expect(
      screen.getByText('region=[{"code":"HK","name":"香港"},{"code":"HK-WC","name":"灣仔區"}]'),
    ).toBeTruthy();
    expect(trigger.textContent).toContain('香港 / 灣仔區');
  }, 20000);
});
