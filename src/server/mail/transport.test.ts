import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { emailChangeVerificationMail, temporaryPasswordMail } from './messages.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

const mailFrom = 'Hourbook <no-reply@hours.example.com>';
const lines: string[] = [];
const log = {
  info: (fields: object, msg: string) => lines.push(JSON.stringify({ ...fields, msg })),
};

let smtp: TestSmtp | undefined;
let transport: MailTransport | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  transport?.close();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  smtp = transport = dataDir = undefined;
  lines.length = 0;
});

describe('createMailTransport over SMTP', () => {
  it('delivers a message with the right To, From, Subject, text and HTML parts and the verify link', async () => {
    smtp = await startTestSmtp({ login: { user: 'mailer', pass: 's3cret' } });
    transport = createMailTransport({
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
      mailFrom,
      dataDir: '/nonexistent',
      log,
    });
    const message = emailChangeVerificationMail({
      to: 'new@example.org',
      name: 'Ann',
      baseUrl: 'https://hours.example.com',
      token: 'tok_123-ABC',
    });

    const result = await transport.send({ ...message, messageId: '<job-1.x@hours.example.com>' });

    expect(result).toEqual({
      messageId: '<job-1.x@hours.example.com>',
      where: `smtp://127.0.0.1:${smtp.port}`,
    });
    expect(smtp.received).toHaveLength(1);
    const { mail, user, rcptTo } = smtp.received[0]!;
    expect(user).toBe('mailer');
    expect(rcptTo).toEqual(['new@example.org']);
    expect(mail.to).toMatchObject({ value: [{ address: 'new@example.org' }] });
    expect(mail.from).toMatchObject({
      value: [{ name: 'Hourbook', address: 'no-reply@hours.example.com' }],
    });
    expect(mail.subject).toBe('Confirm your new Hourbook e-mail address');
    expect(mail.messageId).toBe('<job-1.x@hours.example.com>');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toBe(message.text);
    const link = 'https://hours.example.com/verify-email?token=tok_123-ABC';
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Hello Ann,');
  });

  it('treats a failed login as retryable, since the fix is in SMTP_URL, and never repeats the password', async () => {
    smtp = await startTestSmtp({ login: { user: 'mailer', pass: 's3cret' } });
    transport = createMailTransport({
      smtpUrl: `smtp://mailer:wrong-pass@127.0.0.1:${smtp.port}`,
      mailFrom,
      dataDir: '/nonexistent',
      log,
    });
    const message = temporaryPasswordMail({ to: 'a@example.org', temporaryPassword: 'x' });

    const failure = await transport.send(message).catch((error: unknown) => error);

    expect(failure).toMatchObject({ name: 'MailDeliveryError', permanent: false });
    expect((failure as Error).message).toContain('EAUTH 535');
    expect((failure as Error).message).not.toContain('wrong-pass');
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a MAIL_FROM without an address when it is created', () => {
    expect(() =>
      createMailTransport({ mailFrom: 'Hourbook', dataDir: '/nonexistent', log }),
    ).toThrow('MAIL_FROM has no e-mail address');
  });
});

describe('createMailTransport without SMTP_URL (the dev outbox)', () => {
  it('writes the message as an .eml file under DATA_DIR/mail and logs its path but not the body', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hourbook-mail-'));
    transport = createMailTransport({ mailFrom, dataDir, log });
    const message = temporaryPasswordMail({
      to: 'ann@example.org',
      name: 'Ann',
      temporaryPassword: 'Pw-7f3k9q',
    });

    const result = await transport.send(message);

    const files = await readdir(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[0-9a-f]{6}\.eml$/);
    const path = join(dataDir, 'mail', files[0]!);
    expect(result.where).toBe(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const mail = await simpleParser(await readFile(path));
    expect(mail.to).toMatchObject({ value: [{ address: 'ann@example.org' }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@hours.example.com' }] });
    expect(mail.subject).toBe('Your Hourbook temporary password');
    expect(mail.messageId).toBe(result.messageId);
    expect(mail.text).toContain('Pw-7f3k9q');
    expect(mail.html).toContain('Pw-7f3k9q');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path);
    expect(lines[0]).toContain('"toDomain":"example.org"');
    expect(lines[0]).not.toContain('Pw-7f3k9q');
    expect(lines[0]).not.toContain('ann@');
  });

  it('gives every message its own file', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hourbook-mail-'));
    transport = createMailTransport({ mailFrom, dataDir, log });
    const message = temporaryPasswordMail({ to: 'a@example.org', temporaryPassword: 'x' });

    await Promise.all([transport.send(message), transport.send(message), transport.send(message)]);

    const files = await readdir(join(dataDir, 'mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(3);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});
