import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface OutgoingMessage {
  from: { name: string; address: string } | undefined;
  to: string[];
  subject: string;
  text: string;
  messageId: string;
  attachment?: { filename: string; contentType: string; content: Buffer } | undefined;
}

/**
 * The raw RFC 5322 message, built by nodemailer (headers encoded, the text quoted-printable,
 * the attachment base64 with its name and type). A missing From is filled in by Gmail with the
 * connected address.
 */
export function buildMime(message: OutgoingMessage): Promise<Buffer> {
  const composer = new MailComposer({
    ...(message.from ? { from: message.from } : {}),
    to: message.to,
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    ...(message.attachment ? { attachments: [message.attachment] } : {}),
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((error, raw) => (error ? reject(error) : resolve(raw)));
  });
}
