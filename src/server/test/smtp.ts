import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback for tests: what it accepted, parsed back. */
export interface TestSmtp {
  port: number;
  received: { mail: ParsedMail; user: string | undefined; rcptTo: string[] }[];
  close(): Promise<void>;
}

/** A port nothing listens on (for now): for "SMTP is down", and to start the server there later. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startTestSmtp(
  options: {
    port?: number;
    /** Credentials it accepts; a login is optional either way. */
    login?: { user: string; pass: string };
    /** A reply code and text to refuse a recipient with, e.g. [550, 'No such user here']. */
    refuse?: (address: string) => [number, string] | undefined;
  } = {},
): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.login?.user && auth.password === options.login?.pass;
      if (ok) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal[1]), { responseCode: refusal[0] }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          received.push({ mail, user: session.user as string | undefined, rcptTo });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
