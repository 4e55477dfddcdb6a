import type { Lang } from '../http/i18n';
import { localeText } from './locale-text';
import type { MessageChannel, OutgoingMessage } from './types';

/** Builds the localized verification-code message, ready for MessageProvider.send. */
export function verificationMessage(input: {
  channel: MessageChannel;
  to: string;
  code: string;
  lang: Lang;
  validMinutes?: number;
}): OutgoingMessage {
  const args = { code: input.code, minutes: input.validMinutes ?? 5 };
  return {
    channel: input.channel,
    to: input.to,
    code: input.code,
    text: localeText(input.lang, 'messages.verifyCode.text', args),
    subject:
      input.channel === 'email' ? localeText(input.lang, 'messages.verifyCode.subject', args) : undefined,
  };
}
