import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('popup', () => {
  it('renders nothing, and loads no popup code, until it first opens', () => {
    const { container } = renderWidgets(
      [
        {
          type: 'popup',
          props: { visible: false, title: '國家/地區' },
          children: [{ type: 'text', props: { text: '香港 +852' } }],
        },
      ],
      {},
    );
    expect(container.querySelector('.adm-popup, .adm-center-popup')).toBeNull();
    expect(screen.queryByText('國家/地區')).toBeNull();
  });

  it('opens from state and closing it runs the close actions', async () => {
    renderWidgets(
      [
        {
          type: 'button',
          props: { text: '選擇地區' },
          on: { press: [{ type: 'setState', path: 'open', value: true }] },
        },
        {
          type: 'popup',
          props: { visible: '{{ state.open }}', title: '國家/地區' },
          children: [{ type: 'text', props: { text: '香港 +852' } }],
          on: { close: [{ type: 'setState', path: 'open', value: false }] },
        },
      ],
      { state: { open: false } },
    );
    expect(screen.queryByText('香港 +852')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '選擇地區' }));
    });
    // the popup's antd-mobile body loads on first open
    expect(await screen.findByText('香港 +852')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '關閉' }));
    });
    expect(screen.getByText('國家/地區').closest('.adm-popup')?.getAttribute('style') ?? '').toContain(
      'none',
    );
  });
});
