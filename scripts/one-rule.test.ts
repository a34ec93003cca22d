import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Rules written once in src/shared and used by the server and the client alike. */
const root = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const sources = ['src/server', 'src/client'].flatMap((dir) => files(join(root, dir)));

/** Lines outside src/shared that match `pattern`, as `path:line`. */
function copies(pattern: RegExp): string[] {
  return sources.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(root, path)}:${i + 1}`] : [])),
  );
}

describe('one rule, written once in src/shared/names.ts', () => {
  it('names a person: no server or client file joins first and last name by hand', () => {
    expect(copies(/\[\s*\w+\??\.firstName,\s*\w+\??\.lastName\s*\]/)).toEqual([]);
  });

  it("names a log without a department: no file spells the default 'General' itself", () => {
    expect(copies(/department.*['"]General['"]/i)).toEqual([]);
  });

  it('finds a copy when there is one', () => {
    expect(
      /\[\s*\w+\??\.firstName,\s*\w+\??\.lastName\s*\]/.test('[user?.firstName, user?.lastName]'),
    ).toBe(true);
    expect(/department.*['"]General['"]/i.test("text(log.department ?? 'General')")).toBe(true);
    expect(sources.length).toBeGreaterThan(200);
  });
});
