import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigNode } from '../../engine';
import { renderWidgets } from '../test-utils/render-widgets';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const node = (countingText: string): ConfigNode => ({
  type: 'countdown-button',
  props: { text: '獲取驗證碼', countingText, seconds: 3, startOn: 'codeSent' },
  on: {
    press: [
      { type: 'setState', path: 'sent', value: '{{ (state.sent || 0) + 1 }}' },
      { type: 'emit', event: 'codeSent' },
    ],
  },
});
const sentCount = { type: 'text', props: { text: 'sent={{ state.sent || 0 }}' } };

describe('countdown-button', () => {
  it('counts down after the start event, ignores presses meanwhile, then works again', async () => {
    renderWidgets([node('{{ s }}秒後重新獲取'), sentCount]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '獲取驗證碼' }));
    });
    expect(screen.getByText('sent=1')).toBeTruthy();
    const counting = screen.getByRole('button', { name: '3秒後重新獲取' }) as HTMLButtonElement;
    expect(counting.disabled).toBe(true);

    await act(async () => {
      fireEvent.click(counting);
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: '2秒後重新獲取' })).toBeTruthy();
    expect(screen.getByText('sent=1')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    const again = screen.getByRole('button', { name: '獲取驗證碼' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(again);
    });
    expect(screen.getByText('sent=2')).toBeTruthy();
  });

  it('fills the seconds into a translated counting text', async () => {
    // locales: auth.resendCountdown = "{{s}}秒後重新獲取"
    renderWidgets([node('$t:auth.resendCountdown')]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '獲取驗證碼' }));
    });
    expect(screen.getByRole('button', { name: '3秒後重新獲取' })).toBeTruthy();
  });
});
