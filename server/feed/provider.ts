/** The contract between a sports data feed and the rest of the server (see README.md). */
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { MatchUpdate } from '../modules/matches';
import type { Hub } from '../realtime/hub';

export interface FeedLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface FeedContext {
  db: Db;
  hub: Hub;
  config: AppConfig;
  log: FeedLog;
  /** the server clock (tests move it) */
  now(): Date;
  /** write + publish one update through the matches service (one transaction, seq++ per step) */
  apply(update: MatchUpdate): Promise<void>;
  /** tell listeners (plan settlement) that a match reached a final status */
  finished(matchId: number, status: number): void;
}

export interface FeedProvider {
  readonly name: string;
  /** begin emitting updates; resolves once the provider is running */
  start(ctx: FeedContext): Promise<void>;
  /** stop timers / connections; resolves when no more updates will be applied */
  stop(): Promise<void>;
}
