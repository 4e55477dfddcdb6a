import nodemailer from 'nodemailer';
import type { MessageProvider, ProviderLog } from './types';

/** Real email over SMTP (SMTP_URL such as smtps://user:pass@mail.example.com:465). Email only. */
export function createSmtpProvider(opts: { url: string; from: string; log?: ProviderLog }): MessageProvider {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(m) {
      if (m.channel !== 'email') throw new Error(`smtp provider cannot send ${m.channel}`);
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject ?? m.text, text: m.text });
      opts.log?.info({ email: { to: m.to } }, 'verification email sent');
    },
  };
}
