// A loopback SMTP server writing each message to `dir` for the specs (e2e/account-flows.spec.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export async function startE2eSmtp(dir) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${Date.now()}-${++count}.eml`;
        // Written whole, then renamed: a reader never sees half a message.
        writeFileSync(join(dir, `.${name}.tmp`), Buffer.concat(chunks));
        renameSync(join(dir, `.${name}.tmp`), join(dir, name));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: server.server.address().port, close: () => server.close() };
}
