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

/** Says its charset: a mail client not told may read a UTF-8 CSV as Latin-1. */
export function attachmentType(contentType: string): string {
  const [type = ''] = contentType.split(';');
  const bare = type.trim().toLowerCase();
  return bare.startsWith('text/') ? `${bare}; charset=utf-8` : contentType;
}

/** Built by nodemailer; Gmail fills a missing From with the connected address. */
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
