import { type OutboxDb, recordOutbox } from './outbox';
import type { MessageProvider, ProviderLog } from './types';

/** Default (development) provider: nothing leaves the machine; messages land in the outbox table. */
export function createOutboxProvider(db: OutboxDb, log?: ProviderLog): MessageProvider {
  return {
    async send(m) {
      await recordOutbox(db, { channel: m.channel, to: m.to, code: m.code, text: m.text }, log);
    },
  };
}
