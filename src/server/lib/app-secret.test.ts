import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppSecret } from './app-secret.ts';

const quiet = { info: () => undefined };

describe('loadAppSecret', () => {
  it('generates a secret into DATA_DIR once and keeps it across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hourbook-secret-'));
    const first = loadAppSecret(undefined, dir, quiet);
    const again = loadAppSecret(undefined, dir, quiet);
    expect(again.equals(first)).toBe(true);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').length).toBeGreaterThan(40);
  });

  it('derives the key from APP_SECRET when it is set, ignoring the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hourbook-secret-'));
    const a = loadAppSecret('x'.repeat(32), dir, quiet);
    const b = loadAppSecret('y'.repeat(32), dir, quiet);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(loadAppSecret('x'.repeat(32), dir, quiet))).toBe(true);
  });
});
