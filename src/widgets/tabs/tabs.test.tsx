import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('tabs', () => {
  it('shows the active tab content, stores the key in state and emits change', async () => {
    renderWidgets(
      [
        {
          type: 'tabs',
          props: {
            items: [
              { key: 'usable', title: '可使用' },
              { key: 'used', title: '已使用' },
            ],
            activeKey: '{{ state.tab }}',
            stateKey: 'tab',
          },
          slots: {
            usable: [{ type: 'text', props: { text: '優惠券 A' } }],
            used: [{ type: 'text', props: { text: '已用優惠券' } }],
          },
          on: { change: [{ type: 'setState', path: 'changedTo', value: '{{ result }}' }] },
        },
        { type: 'text', props: { text: 'tab={{ state.tab }} changed={{ state.changedTo }}' } },
      ],
      { state: { tab: 'usable', changedTo: '' } },
    );
    expect(screen.getByText('優惠券 A')).toBeTruthy();
    expect(screen.queryByText('已用優惠券')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByText('已使用'));
    });
    expect(screen.getByText('已用優惠券')).toBeTruthy();
    expect(screen.getByText('tab=used changed=used')).toBeTruthy();
  });
});
