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
  sessionStorage.clear();
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

  const keyed = (persistKey: string): ConfigNode => ({
    type: 'countdown-button',
    props: { text: '獲取驗證碼', countingText: '{{ s }}秒', seconds: 60, startOn: 'codeSent', persistKey },
    on: { press: [{ type: 'emit', event: 'codeSent' }] },
  });

  it('keeps counting after the screen is left and opened again (same target), not for another target', async () => {
    const first = renderWidgets([keyed('login-sms:85291234567')]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '獲取驗證碼' }));
    });
    expect(screen.getByRole('button', { name: '60秒' })).toBeTruthy();
    first.unmount(); // the user leaves the screen

    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    renderWidgets([keyed('login-sms:85291234567')]);
    const back = screen.getByRole('button', { name: '45秒' }) as HTMLButtonElement;
    expect(back.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: '44秒' })).toBeTruthy();
    cleanup();

    // another phone number has no countdown of its own
    renderWidgets([keyed('login-sms:85298765432')]);
    expect((screen.getByRole('button', { name: '獲取驗證碼' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();

    // once the 60 s are over the button is ready again on the next visit
    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    renderWidgets([keyed('login-sms:85291234567')]);
    expect((screen.getByRole('button', { name: '獲取驗證碼' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('takes its key from an expression of the target', async () => {
    sessionStorage.setItem('gf.countdown:login-sms:85298765432', String(Date.now() + 30_000));
    renderWidgets([keyed('{{ "login-sms:852" + state.phone }}')], { state: { phone: '91234567' } });
    expect(screen.getByRole('button', { name: '獲取驗證碼' })).toBeTruthy();
    cleanup();
    renderWidgets([keyed('{{ "login-sms:852" + state.phone }}')], { state: { phone: '98765432' } });
    expect(screen.getByRole('button', { name: '30秒' })).toBeTruthy();
  });
});
