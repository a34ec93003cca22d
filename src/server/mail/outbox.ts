import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** `2026-11-22T17-03-44Z-1a2b3c.eml`: sorts by time, colons are not allowed in Windows names. */
export function outboxFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `${stamp}-${randomBytes(3).toString('hex')}.eml`;
}

/** Written aside and renamed (no half messages), owner-only: a temporary password may be inside. */
export async function writeOutboxFile(dir: string, raw: Buffer, now = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, outboxFileName(now));
  const tmp = `${path}.tmp`;
  try {
    await writeFile(tmp, raw, { mode: 0o600, flag: 'wx' });
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  return path;
}
