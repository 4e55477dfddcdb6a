import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../state/session-store';
import { APP_VERSION_MARKER, type BootDeps, boot, VERSION_KEY } from './boot';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function deps(over: Partial<BootDeps> = {}): BootDeps {
  return {
    store: createSessionStore(),
    storage: localStorage,
    hasStoredLang: false,
    defaultLang: () => 'zhcn',
    initI18n: vi.fn(async () => {}),
    fetchToken: vi.fn(async () => 'tok'),
    connectRealtime: vi.fn(),
    reload: vi.fn(),
    timezoneOffset: () => -480,
    ...over,
  };
}

describe('boot', () => {
  it('sets the timezone flag and default language, fetches a token, closes the popup, connects', async () => {
    const d = deps();
    d.store.openLoginPopup();
    const r = await boot(d);
    expect(r).toEqual({ reloading: false, failed: [] });
    expect(d.store.get()).toMatchObject({ tz: 1, lang: 'zhcn', showLoginPopup: false });
    expect(d.initI18n).toHaveBeenCalledWith('zhcn');
    expect(d.fetchToken).toHaveBeenCalled();
    expect(d.connectRealtime).toHaveBeenCalled();
    expect(localStorage.getItem(VERSION_KEY)).toBe(APP_VERSION_MARKER);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('keeps a stored language and token; flags a non-UTC+8 browser', async () => {
    const d = deps({ hasStoredLang: true, timezoneOffset: () => 0 });
    d.store.set({ lang: 'zhtw', token: 'have' });
    await boot(d);
    expect(d.store.get()).toMatchObject({ lang: 'zhtw', tz: 0 });
    expect(d.fetchToken).not.toHaveBeenCalled();
  });

  it('a failing step is logged and the rest still runs', async () => {
    const d = deps({
      fetchToken: vi.fn(async () => {
        throw new Error('down');
      }),
      initI18n: vi.fn(async () => {
        throw new Error('chunk');
      }),
    });
    const r = await boot(d);
    expect(r.failed).toEqual(['language', 'token']);
    expect(d.connectRealtime).toHaveBeenCalled();
    expect(r.reloading).toBe(false);
  });

  it('reloads once when the stored version marker differs', async () => {
    localStorage.setItem(VERSION_KEY, '2024-12-01-01');
    const d = deps();
    expect((await boot(d)).reloading).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);
    const again = deps();
    expect((await boot(again)).reloading).toBe(false);
    expect(again.reload).not.toHaveBeenCalled();
  });

  it('asks for the token while the texts are still loading (no extra round trip before the first screen)', async () => {
    let textsLoaded!: () => void;
    const d = deps({ initI18n: vi.fn(() => new Promise<void>((r) => (textsLoaded = r))) });
    const done = boot(d);
    await vi.waitFor(() => expect(d.fetchToken).toHaveBeenCalled());
    expect(d.initI18n).toHaveBeenCalled();
    // the token call already carries the chosen language
    expect(d.store.get().lang).toBe('zhcn');
    textsLoaded();
    expect(await done).toEqual({ reloading: false, failed: [] });
  });
});
