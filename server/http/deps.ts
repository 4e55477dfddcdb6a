/** What every module's register*Routes receives. */
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { MessageProvider } from '../providers/types';
import type { Hub } from '../realtime/hub';

export interface Providers {
  messages: MessageProvider;
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  providers: Providers;
  hub: Hub;
}
