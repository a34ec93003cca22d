import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface OutgoingMessage {
  from: { name: string; address: string } | undefined;
  to: string[];
  subject: string;
  text: string;
  messageId: string;
  attachment?: { filename: string; contentType: string; content: Buffer } | undefined;
}

/** Every line break of the text as CRLF, the only line ending RFC 5322 allows. */
export const crlf = (text: string) => text.replace(/\r\n|\r|\n/g, '\r\n');

/**
 * A text attachment says its charset: a CSV is UTF-8 (as generated and as checked on upload),
 * and a mail client that is not told may read it as Latin-1.
 */
export function attachmentType(contentType: string): string {
  const [type = ''] = contentType.split(';');
  const bare = type.trim().toLowerCase();
  return bare.startsWith('text/') ? `${bare}; charset=utf-8` : contentType;
}

/**
 * The raw RFC 5322 message, built by nodemailer (headers encoded, the text quoted-printable,
 * the attachment base64 with its name and type). A missing From is filled in by Gmail with the
 * connected address. Every line ends in CRLF, the body's too.
 */
export function buildMime(message: OutgoingMessage): Promise<Buffer> {
  const { attachment } = message;
  const composer = new MailComposer({
    ...(message.from ? { from: message.from } : {}),
    to: message.to,
    subject: message.subject,
    text: crlf(message.text),
    messageId: message.messageId,
    ...(attachment
      ? { attachments: [{ ...attachment, contentType: attachmentType(attachment.contentType) }] }
      : {}),
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((error, raw) => (error ? reject(error) : resolve(raw)));
  });
}
