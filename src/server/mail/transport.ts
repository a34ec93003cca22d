import { join } from 'node:path';
import nodemailer, { type NodemailerError } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { writeOutboxFile } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingMail extends MailMessage {
  messageId?: string;
}

export interface MailTransport {
  readonly from: string;
  readonly fromDomain: string;
  send(message: OutgoingMail): Promise<{ messageId: string; where: string }>;
  close(): void;
}

export interface MailLog {
  info(fields: object, msg: string): void;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Logs name the recipient's domain only: the address is personal data. */
export const recipientDomain = (to: string) => to.slice(to.lastIndexOf('@') + 1);

/** SMTP replies and nodemailer's messages quote addresses (`550 <bob@x>: no such user`). */
const redactAddresses = (text: string) =>
  text.replace(/[^\s<>"',;:()[\]]+@([A-Za-z0-9.-]+)/g, '…@$1');

/** 5xx is permanent (RFC 5321), except a failed login: once SMTP_URL is fixed the retry must deliver. */
function toDeliveryError(error: unknown): MailDeliveryError {
  const e = (error instanceof Error ? error : new Error(String(error))) as NodemailerError;
  const permanent = e.permanent === true && e.code !== 'EAUTH';
  const detail = e.response ?? e.message;
  const code = [e.code, e.responseCode].filter((v) => v !== undefined).join(' ');
  return new MailDeliveryError(`SMTP ${code || 'error'}: ${redactAddresses(detail)}`, permanent);
}

function domainOf(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  const domain = first?.address.split('@')[1];
  if (!domain) throw new Error(`MAIL_FROM has no e-mail address: ${from}`);
  return domain;
}

// Content must never pull in a file or a URL, whatever ends up in a message.
const hardening = { disableFileAccess: true, disableUrlAccess: true } as const;
// RFC 3834: auto-responders (vacation replies) stay quiet.
const headers = { 'Auto-Submitted': 'auto-generated' };

export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  mailFrom: string;
  dataDir: string;
  log: MailLog;
}): MailTransport {
  const from = options.mailFrom;
  const fromDomain = domainOf(from);
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const where = `${url.protocol}//${url.host}`;
    // One connection per message (no pool): mail is rare, and a job owns its whole attempt.
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...hardening,
    });
    return {
      from,
      fromDomain,
      async send(message) {
        try {
          const info = await smtp.sendMail({ ...message, from, headers });
          return { messageId: info.messageId, where };
        } catch (error) {
          throw toDeliveryError(error);
        }
      },
      close: () => smtp.close(),
    };
  }
  const dir = join(options.dataDir, 'mail');
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...hardening,
  });
  return {
    from,
    fromDomain,
    async send(message) {
      const info = await composer.sendMail({ ...message, from, headers });
      if (!Buffer.isBuffer(info.message)) throw new Error('The outbox expected a buffered message');
      const path = await writeOutboxFile(dir, info.message);
      options.log.info(
        { path, messageId: info.messageId, toDomain: recipientDomain(message.to) },
        'mail written to the outbox',
      );
      return { messageId: info.messageId, where: path };
    },
    close: () => composer.close(),
  };
}
