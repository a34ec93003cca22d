import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Generated once into DATA_DIR, so sessions and tokens survive restarts.
export function loadAppSecret(
  configured: string | undefined,
  dataDir: string,
  log: { info(msg: string): void },
): Buffer {
  if (configured) return createHash('sha256').update(configured).digest();
  const file = join(dataDir, 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      log.info(`APP_SECRET is not set: generated one into ${file}`);
    } catch (error) {
      // Another instance sharing DATA_DIR wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest();
}
