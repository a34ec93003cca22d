import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's comments and docs must be followable from a checkout: they point at pages in
 * docs/ or at decision records, never at files that live outside the repository.
 */
const root = resolve(import.meta.dirname, '..');

// Spelled in pieces so this file does not match its own search.
const outsideNames = ['SPEC', 'DESIGN', 'CONVENTIONS'].map((name) => `${name}.md`);
const outsidePattern = new RegExp(outsideNames.map((n) => n.replace('.', '\\.')).join('|'));
const parentShared = new RegExp(`(?:\\.\\./)+${'shared'}[^\\s'"\`)\\]>]*`, 'g');
const docsPath = /(?<![\w./-])docs\/[\w./-]+?\.md(?:#[\w-]+)?/g;
const markdownLink = /\]\(([^)\s]+?\.md)(#[\w-]+)?\)/g;

/** Tracked files and new ones not yet added (but not ignored ones): what a commit would hold. */
function trackedTextFiles(): string[] {
  const names = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    .filter((name) => name !== '' && !name.split('/').includes('node_modules'));
  return names.filter((name) => {
    const path = join(root, name);
    if (!existsSync(path)) return false; // deleted in the working tree, not yet committed
    const bytes = readFileSync(path);
    return !bytes.subarray(0, 8000).includes(0);
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading?.[1]) continue;
    anchors.add(
      heading[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}

interface Mention {
  file: string;
  line: number;
  text: string;
}

const files = trackedTextFiles();
const lines: Mention[] = files.flatMap((file) =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ file, line: index + 1, text })),
);
const where = (m: Mention, what: string) => `${m.file}:${m.line}: ${what}`;

/** A docs page and anchor must exist; the anchor is checked for the product pages and records. */
function missingTarget(target: string, anchor: string | undefined): string | undefined {
  const inside = relative(root, target);
  if (inside.startsWith('..')) return 'outside the repository';
  if (!existsSync(target)) return 'no such file';
  if (anchor && inside.startsWith(`docs${sep}`) && !anchorsOf(target).has(anchor.slice(1))) {
    return `no heading for ${anchor}`;
  }
  return undefined;
}

describe('docs and comments', () => {
  it('reads the tracked files (a sanity check on the listing itself)', () => {
    expect(files).toContain('scripts/docs-links.test.ts');
    expect(files).toContain('docs/product/screens.md');
  });

  it('never point at the product documents that live outside the repository', () => {
    const found = lines.filter((m) => outsidePattern.test(m.text)).map((m) => where(m, m.text));
    expect(found).toEqual([]);
  });

  it('reach a shared folder through ../ only inside the repository (src/shared)', () => {
    const found: string[] = [];
    for (const m of lines) {
      for (const match of m.text.matchAll(parentShared)) {
        const path = match[0].replace(/[.,:;]+$/, '');
        const problem = missingTarget(resolve(root, dirname(m.file), path), undefined);
        if (problem) found.push(where(m, `${path} (${problem})`));
      }
    }
    expect(found).toEqual([]);
  });

  it('name only docs pages that exist, with headings for their anchors', () => {
    const found: string[] = [];
    for (const m of lines) {
      for (const match of m.text.matchAll(docsPath)) {
        const [path, anchor] = match[0].split('#');
        const problem = missingTarget(join(root, path ?? ''), anchor && `#${anchor}`);
        if (problem) found.push(where(m, `${match[0]} (${problem})`));
      }
      if (!m.file.endsWith('.md')) continue;
      for (const match of m.text.matchAll(markdownLink)) {
        const link = match[1] ?? '';
        if (/^[a-z]+:/.test(link)) continue;
        const problem = missingTarget(resolve(root, dirname(m.file), link), match[2]);
        if (problem) found.push(where(m, `${link}${match[2] ?? ''} (${problem})`));
      }
    }
    expect(found).toEqual([]);
  });
});
