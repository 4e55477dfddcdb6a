import type { AppConfig } from '../config';
import type { OutboxDb } from './outbox';
import { recordOutbox } from './outbox';
import { createOutboxProvider } from './outbox-provider';
import { createSmtpProvider } from './smtp-provider';
import type { MessageProvider, ProviderLog } from './types';

export { verificationMessage } from './message-text';
export type { OutboxChannel, OutboxEntry } from './outbox';
export { listOutbox, recordOutbox } from './outbox';
export type { MessageChannel, MessageProvider, OutgoingMessage, ProviderLog } from './types';

/** The settings of AppConfig this factory reads. */
export type MessageProviderConfig = Pick<AppConfig, 'messageProvider' | 'smtpUrl' | 'smtpFrom' | 'devOutbox'>;

/**
 * 'outbox' (default): everything goes to the outbox table. 'smtp': email goes out over SMTP_URL;
 * SMS still lands in the outbox because no SMS gateway is reachable here (an SMS adapter implementing
 * MessageProvider would be chosen for channel 'sms' at this point). With the dev outbox on, real sends
 * are recorded too so the /dev/outbox page keeps working.
 */
export function createMessageProvider(
  config: MessageProviderConfig,
  db: OutboxDb,
  log?: ProviderLog,
): MessageProvider {
  // the outbox line carries the code in clear: written only with the dev outbox on, never in production
  const outboxLog = config.devOutbox ? log : undefined;
  const outbox = createOutboxProvider(db, outboxLog);
  if (config.messageProvider !== 'smtp') return outbox;
  if (!config.smtpUrl) throw new Error('MESSAGE_PROVIDER=smtp needs SMTP_URL');
  const email = createSmtpProvider({
    url: config.smtpUrl,
    from: config.smtpFrom ?? 'no-reply@localhost',
    log,
  });
  return {
    async send(m) {
      if (m.channel !== 'email') return outbox.send(m);
      await email.send(m);
      if (config.devOutbox) await recordOutbox(db, m, outboxLog);
    },
  };
}
