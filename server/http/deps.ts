/** What every module's register*Routes receives. */
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { MessageProvider } from '../providers/types';
import type { RateLimiter } from '../ratelimit';
import type { Hub } from '../realtime/hub';

export interface Providers {
  messages: MessageProvider;
  /** per-user action limits (in memory, or shared through Redis when REDIS_URL is set) */
  limiter: RateLimiter;
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  providers: Providers;
  hub: Hub;
}
