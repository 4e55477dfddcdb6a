/** What every module's register*Routes receives. */
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { MatchFeed } from '../modules/matches';
import type { MessageProvider } from '../providers/types';
import type { Hub } from '../realtime/hub';

export interface Providers {
  messages: MessageProvider;
  /** the sports-data provider matches asks (FEED_PROVIDER; server/feed) */
  feed: MatchFeed;
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  providers: Providers;
  hub: Hub;
}
