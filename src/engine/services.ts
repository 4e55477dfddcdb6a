/**
 * What the engine needs from the app around it. The app shell (src/app) builds one EngineServices
 * object and provides it through <EngineServicesProvider>; the engine never imports the app.
 */
import { createContext, useContext } from 'react';
import type { AnalyticsSink, SessionView } from './contract';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: Record<string, unknown>;
  body?: unknown;
  silent?: boolean;
}

/** Rejection value of api.request: the envelope's code and (localized) msg. */
export interface ApiFailure {
  code: number;
  msg: string;
  data?: unknown;
}

export interface EngineServices {
  api: {
    /** Resolves with envelope.data on a success code; rejects with ApiFailure after the error catalogue ran. */
    request<T = unknown>(req: ApiRequest): Promise<T>;
    /** multipart upload, field `files`; resolves with [{url, name, size}] */
    upload(path: string, files: File[]): Promise<{ url: string; name: string; size: number }[]>;
  };
  navigate(
    to: string,
    opts?: { query?: Record<string, string>; replace?: boolean; clearOrderId?: boolean },
  ): void;
  back(fallback?: string): void;
  session: {
    get(): SessionView;
    subscribe(listener: () => void): () => void;
    signIn(token: string): Promise<void>;
    set(patch: Record<string, unknown>): void;
  };
  openLogin(): void;
  closeLogin(): void;
  logout(): Promise<void>;
  setLang(lang: string): void;
  t(key: string, args?: Record<string, unknown>): string;
  /**
   * status maps (screens/status/*.json) for `status()` in expressions; the app passes
   * src/engine/status-maps.ts (read through Vite), tests may leave it out (status() answers '')
   */
  status?(mapId: string, code: unknown, field: string, t: (key: string) => string): string;
  /** RSA-OAEP encrypt with the server's public key, base64 */
  encrypt(plain: string): Promise<string>;
  analytics: AnalyticsSink;
  /**
   * realtime topics (optional): a data source with `live` patches or refetches when its topic reports.
   * onMessage gets the published payload, or `{kind:'reset'}` when missed messages could not be replayed.
   * isUp/onStatus: whether pushes arrive now (live sources poll only while they don't).
   */
  realtime?: {
    subscribe(topic: string, onMessage: (message: unknown) => void): () => void;
    isUp?(): boolean;
    onStatus?(listener: () => void): () => void;
  };
}

export const EngineServicesContext = createContext<EngineServices | null>(null);
export const EngineServicesProvider = EngineServicesContext.Provider;

export function useEngineServices(): EngineServices {
  const s = useContext(EngineServicesContext);
  if (!s) throw new Error('EngineServicesProvider is missing');
  return s;
}
