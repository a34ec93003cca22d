import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
}

const root = join(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where npm would look for `name` required from the package at `path`: its own folder, then up. */
function resolve(path: string, name: string): string | undefined {
  let at = path;
  for (;;) {
    const candidate = `${at ? `${at}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!at) return undefined;
    const up = at.lastIndexOf('/node_modules/');
    at = up === -1 ? '' : at.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('holds every optional build of every platform, so npm ci works on Linux, macOS and Windows', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(path, name)) missing.push(`${name} (wanted by ${path || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has macOS and Windows builds of the native packages next to the Linux ones', () => {
    const names = Object.keys(lock.packages);
    for (const family of [
      '@biomejs/cli-',
      '@tailwindcss/oxide-',
      '@esbuild/',
      '@node-rs/argon2-',
    ]) {
      for (const system of ['linux', 'darwin', 'win32']) {
        expect(
          names.some((n) => n.includes(family) && n.includes(system)),
          `${family}${system}`,
        ).toBe(true);
      }
    }
  });
});
