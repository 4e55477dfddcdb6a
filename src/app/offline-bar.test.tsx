import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkStatus } from '../api/network-status';
import { i18n, initI18n } from './i18n';
import { OfflineBar } from './pwa';

beforeAll(async () => {
  await initI18n('zhhk');
});
afterEach(cleanup);

function renderBar() {
  const network = createNetworkStatus();
  render(
    <I18nextProvider i18n={i18n}>
      <OfflineBar network={network} />
    </I18nextProvider>,
  );
  return network;
}

describe('offline bar', () => {
  it('shows when the server cannot be reached although the browser claims to be online', () => {
    const network = renderBar();
    expect(screen.queryByTestId('offline-bar')).toBeNull();
    act(() => network.report(false));
    expect(screen.getByTestId('offline-bar').textContent).toBe(i18n.t('common.offline'));
    act(() => network.report(true));
    expect(screen.queryByTestId('offline-bar')).toBeNull();
  });

  it("shows on the browser's offline event and goes on its online event", () => {
    renderBar();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('offline-bar')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-bar')).toBeNull();
  });
});
