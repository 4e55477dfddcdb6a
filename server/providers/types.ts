/**
 * Outside services sit behind these small interfaces so the app runs with local defaults and a real
 * gateway can be plugged in by configuration without touching the callers.
 */
export type MessageChannel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** phone as "<area_code><phone>" digits, or an email address */
  to: string;
  /** the secret the message carries; kept so the dev outbox can show it */
  code: string;
  text: string;
  subject?: string;
}

/**
 * An SMS gateway adapter (none exists on this machine) implements this same interface and is
 * selected in createMessageProvider for channel 'sms'.
 */
export interface MessageProvider {
  send(m: OutgoingMessage): Promise<void>;
}

/** The part of a pino/fastify logger the providers use. */
export interface ProviderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
