import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that can be told to hold its reply to DATA: it reads the whole
 * message and then says nothing, as a mail server that hangs at the worst moment. A message is
 * delivered only once the server answers its DATA (RFC 5321 §4.1.1.4): one that was held and
 * whose connection then dropped was never accepted.
 */
export interface HoldingSmtp {
  port: number;
  /** Messages accepted (answered 250), parsed. */
  received: { mail: ParsedMail; rcptTo: string[] }[];
  /** Messages read in full whose reply was held; none of them was accepted. */
  held: { mail: ParsedMail; rcptTo: string[] }[];
  /** The next `times` messages are held. */
  holdNext(times?: number): void;
  close(): Promise<void>;
}

export async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const received: HoldingSmtp['received'] = [];
  const held: HoldingSmtp['held'] = [];
  let holds = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const entry = { mail, rcptTo: session.envelope.rcptTo.map((r) => r.address) };
          if (holds > 0) {
            holds--;
            // No reply, ever: the sender waits until it gives up or dies.
            held.push(entry);
            return;
          }
          received.push(entry);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    held,
    holdNext(times = 1) {
      holds += times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
