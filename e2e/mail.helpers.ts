import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { expect } from './fixtures';

/**
 * What left the e2e server by mail, as its recipients would read it. scripts/e2e.mjs writes
 * each message to a folder under DATA_DIR: `smtp-inbox` for instance mail (the real SMTP server
 * of scripts/e2e-smtp.mjs), `gmail-sent` for what users sent through their own Gmail (the send
 * endpoint's fake of scripts/e2e-gmail.mjs).
 */
export type Mailbox = 'smtp-inbox' | 'gmail-sent';

const folder = (mailbox: Mailbox) => join(process.env.E2E_DATA_DIR ?? './data-e2e', mailbox);

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((group) => group.value.map((a) => a.address?.toLowerCase()));

/** The newest mail to `to` whose subject is `subject`, if it has been written yet. */
export async function findMail(
  mailbox: Mailbox,
  to: string,
  subject: string | RegExp,
): Promise<ParsedMail | undefined> {
  const names = await readdir(folder(mailbox)).catch(() => [] as string[]);
  for (const name of names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .reverse()) {
    const mail = await simpleParser(await readFile(join(folder(mailbox), name)));
    const subjectMatches =
      typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? '');
    if (subjectMatches && addresses(mail.to).includes(to.toLowerCase())) return mail;
  }
  return undefined;
}

/** Waits up to 10 s for the job worker to send it. */
export async function waitForMail(
  mailbox: Mailbox,
  to: string,
  subject: string | RegExp,
): Promise<ParsedMail> {
  let mail: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        mail = await findMail(mailbox, to, subject);
        return mail !== undefined;
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return mail as ParsedMail;
}
