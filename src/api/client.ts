/**
 * The one HTTP client (spec §7): every call carries the device and auth headers, answers are read as
 * `{code, msg, data}` and failures go through the error catalogue (screens/errors.json). Side effects
 * (toast, dialog, navigation, reload) are injected so the shell decides how they look and tests can watch.
 */
import type { Envelope } from '../../contracts/envelope';
import type { ApiFailure, ApiRequest } from '../engine/services';
import type { Lang, SessionStore } from '../state/session-store';
import { deviceUuid, parseDevice, randomNonce } from './device';
import { takeEarlyAnswer } from './early-answers';
import { type ErrorCatalogue, errorCatalogue, rulesFor } from './error-catalogue';
import type { NetworkStatus } from './network-status';
import { requestUrl } from './request-url';

export const TOKEN_PATH = '/prs/api/v1/token';
export const CLIENT_CREDENTIALS = 'h5-client:h5-secret';
export const PLATFORM = 'H5';
export const ACCEPT_LANGUAGE: Record<Lang, string> = { zhhk: 'zh-HK', zhcn: 'zh-CN', zhtw: 'zh-TW' };

export interface ApiEffects {
  toast(text: string, durationMs: number): void;
  /** resolves true when the user picks the confirm button */
  confirm(opts: {
    title: string;
    content: string;
    confirmText: string;
    cancelText: string;
  }): Promise<boolean>;
  navigate(path: string): void;
  reload(): void;
  t(key: string): string;
}

export interface ApiClientOptions {
  store: SessionStore;
  effects: ApiEffects;
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  catalogue?: ErrorCatalogue;
  userAgent?: string;
  storage?: Storage;
  /** told after every request whether the server answered (the offline bar reads it) */
  network?: NetworkStatus;
}

export type UploadedFile = { url: string; name: string; size: number };

export interface ApiClient {
  request<T = unknown>(req: ApiRequest): Promise<T>;
  upload(path: string, files: File[]): Promise<UploadedFile[]>;
  /** POST the token call and store the visitor token; resolves null (and logs) on failure */
  fetchToken(): Promise<string | null>;
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { store, effects } = opts;
  const catalogue = opts.catalogue ?? errorCatalogue;
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const baseUrl = opts.baseUrl ?? '';
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const device = parseDevice(opts.userAgent ?? globalThis.navigator?.userAgent ?? '');
  let tokenInFlight: Promise<string | null> | null = null;
  let realNameDialogOpen = false;

  function headersFor(path: string, silent: boolean, json: boolean): Record<string, string> {
    const s = store.get();
    const h: Record<string, string> = {
      'x-device-uuid': deviceUuid(opts.storage),
      'accept-language': ACCEPT_LANGUAGE[s.lang] ?? 'zh-HK',
      // requests are not signed yet; the header is reserved so the server contract does not change later
      'x-signature': '',
      'x-timestamp': String(Date.now()),
      'x-nonce': randomNonce(),
      'x-platform': PLATFORM,
      'x-device-brand': device.brand,
      'x-device-model': device.model,
    };
    if (json) h['content-type'] = 'application/json';
    if (path === TOKEN_PATH) h.authorization = `Basic ${btoa(CLIENT_CREDENTIALS)}`;
    else if (s.token) h.authorization = `Bearer ${s.token}`;
    if (silent) h[catalogue.silentHeader] = '1';
    return h;
  }

  function urlFor(path: string, params?: Record<string, unknown>): string {
    return requestUrl(baseUrl, path, params);
  }

  async function send(url: string, init: RequestInit): Promise<{ ok: boolean; text: string }> {
    const early = takeEarlyAnswer(String(init.method), url);
    if (early) {
      try {
        return await early;
      } catch {
        // the early call failed (offline, aborted): ask again the usual way
      }
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    try {
      const res = await doFetch(url, { ...init, signal: ctrl.signal });
      return { ok: res.ok, text: await res.text() };
    } finally {
      clearTimeout(timer);
    }
  }

  function fail(code: number, msg: string, data?: unknown): ApiFailure {
    return data === undefined ? { code, msg } : { code, msg, data };
  }

  async function handleFailure(path: string, env: Envelope, silent: boolean): Promise<never> {
    const msg = env.msg || effects.t(catalogue.emptyResponse.toast);
    const failure = fail(env.code, msg, env.data);
    const rules = rulesFor(catalogue, env.code);
    if (rules.length === 0) {
      if (!silent) effects.toast(msg, catalogue.toastDuration);
      throw failure;
    }
    for (const rule of rules) {
      if (rule.toast && !silent) effects.toast(msg, catalogue.toastDuration);
      switch (rule.behaviour) {
        case 'refreshToken':
          // the token call itself failing must not ask for another token
          if (path !== TOKEN_PATH) await fetchToken();
          break;
        case 'kickedOffline':
          store.set({ kickedOffline: true });
          break;
        case 'notLoggedIn': {
          const wasLoggedIn = store.get().isLogin;
          // clearing first keeps a stale login flag from reloading forever
          store.set({ user: null, userInfo: null, isLogin: false });
          if (wasLoggedIn) {
            effects.navigate('/match');
            effects.reload();
          } else store.openLoginPopup();
          break;
        }
        case 'insufficientCoins':
          if (rule.navigate) effects.navigate(rule.navigate);
          break;
        case 'realNameRequired':
          if (!realNameDialogOpen) {
            realNameDialogOpen = true;
            void effects
              .confirm({
                title: effects.t('app.realName.title'),
                content: msg,
                confirmText: effects.t('app.realName.verify'),
                cancelText: effects.t('app.realName.notNow'),
              })
              .then((verify) => {
                if (verify && rule.navigate) effects.navigate(rule.navigate);
              })
              .finally(() => {
                realNameDialogOpen = false;
              });
          }
          break;
      }
    }
    throw failure;
  }

  function networkFailure(silent: boolean): ApiFailure {
    const { code, msg } = catalogue.networkError;
    if (!silent) effects.toast(effects.t('common.networkError'), catalogue.toastDuration);
    return fail(code, msg);
  }

  async function interpret<T>(path: string, ok: boolean, text: string, silent: boolean): Promise<T> {
    if (!text) {
      const msg = effects.t(catalogue.emptyResponse.toast);
      effects.toast(msg, catalogue.toastDuration);
      throw fail(catalogue.emptyResponse.code, msg);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // spec §8: a plain string answer is a success; a proxy's error page (502 HTML) is not
      if (!ok) throw networkFailure(silent);
      return text as T;
    }
    if (typeof body !== 'object' || body === null || typeof (body as Envelope).code !== 'number')
      return body as T;
    const env = body as Envelope;
    if (catalogue.successCodes.includes(env.code)) return env.data as T;
    return handleFailure(path, env, silent);
  }

  async function call<T>(path: string, url: string, init: RequestInit, silent: boolean): Promise<T> {
    let res: { ok: boolean; text: string };
    try {
      res = await send(url, init);
    } catch {
      opts.network?.report(false);
      throw networkFailure(silent);
    }
    opts.network?.report(true);
    return interpret<T>(path, res.ok, res.text, silent);
  }

  function request<T = unknown>(req: ApiRequest): Promise<T> {
    const silent = !!req.silent;
    const hasBody = req.method !== 'GET' && req.method !== 'DELETE';
    const init: RequestInit = {
      method: req.method,
      headers: headersFor(req.path, silent, true),
      body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
    };
    return call<T>(req.path, urlFor(req.path, req.params), init, silent);
  }

  function upload(path: string, files: File[]): Promise<UploadedFile[]> {
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    // no content-type: the browser adds the multipart boundary itself
    const init = { method: 'POST', headers: headersFor(path, false, false), body: form };
    return call<UploadedFile[]>(path, urlFor(path), init, false);
  }

  function fetchToken(): Promise<string | null> {
    tokenInFlight ??= request<{ token: string }>({ method: 'POST', path: TOKEN_PATH, body: {}, silent: true })
      .then((d) => {
        store.set({ token: d.token });
        return d.token;
      })
      .catch((e) => {
        console.warn('[api] token call failed', e);
        return null;
      })
      .finally(() => {
        tokenInFlight = null;
      });
    return tokenInFlight;
  }

  return { request, upload, fetchToken };
}
