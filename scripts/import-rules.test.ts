import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Imports only go one way (docs/decisions/001-stack.md). */
const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = text.matchAll(
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  );
  return [...found].map((m) => m[1] ?? m[2] ?? '');
}

/** Where an import lands, as a path under src/ ('' for packages). */
function target(file: string, spec: string): string {
  if (spec.startsWith('@/')) return `client/${spec.slice(2)}`;
  if (spec.startsWith('.')) return relative(src, resolve(file, '..', spec));
  return '';
}

function violations(rule: (from: string, to: string, spec: string) => string | undefined) {
  const found: string[] = [];
  for (const file of files(src)) {
    const from = relative(src, file);
    for (const spec of imports(file)) {
      const problem = rule(from, target(file, spec), spec);
      if (problem) found.push(`${from}: ${spec} (${problem})`);
    }
  }
  return found;
}

/**
 * A feature may import another feature only through its public entry,
 * `src/client/features/<name>/index.ts` (`@/features/<name>`); what is behind it may change.
 */
function crossFeatureProblem(from: string, to: string): string | undefined {
  const own = from.match(/^client\/features\/([^/]+)\//)?.[1];
  const other = to.match(/^client\/features\/([^/]+)(?:\/(.*))?$/);
  if (!own || !other || other[1] === own) return undefined;
  const inside = other[2] ?? '';
  if (inside === '' || /^index(\.tsx?)?$/.test(inside)) return undefined;
  return `${own} → ${other[1]}/${inside} (use @/features/${other[1]})`;
}

describe('import direction', () => {
  it('src/shared imports only zod and itself', () => {
    expect(
      violations((from, to, spec) => {
        if (!from.startsWith('shared/')) return undefined;
        const testTools = from.endsWith('.test.ts') ? ['vitest', 'fast-check'] : [];
        if (to === '' && spec !== 'zod' && !testTools.includes(spec))
          return 'a package other than zod';
        if (to !== '' && !to.startsWith('shared/')) return 'outside src/shared';
        return undefined;
      }),
    ).toEqual([]);
  });

  it('the server and the client never import each other', () => {
    expect(
      violations((from, to) => {
        if (from.startsWith('server/') && to.startsWith('client/')) return 'server → client';
        if (from.startsWith('client/') && to.startsWith('server/')) return 'client → server';
        return undefined;
      }),
    ).toEqual([]);
  });

  it('client components/ui and lib know no feature', () => {
    expect(
      violations((from, to) => {
        const low = from.startsWith('client/components/') || from.startsWith('client/lib/');
        return low && to.startsWith('client/features/')
          ? 'shared client code → feature'
          : undefined;
      }),
    ).toEqual([]);
  });

  it('a client feature uses another feature through its index.ts only, never its insides', () => {
    expect(violations((from, to) => crossFeatureProblem(from, to))).toEqual([]);
  });
});

describe('the cross-feature rule', () => {
  it('lets a feature import another through its public entry', () => {
    expect(
      crossFeatureProblem('client/features/dashboard/x.tsx', 'client/features/employers'),
    ).toBe(undefined);
    expect(
      crossFeatureProblem('client/features/dashboard/x.tsx', 'client/features/employers/index.ts'),
    ).toBe(undefined);
  });

  it('refuses a deep import into another feature, even of its api/', () => {
    expect(
      crossFeatureProblem(
        'client/features/dashboard/components/dashboard-page.tsx',
        'client/features/employers/api/get-employers',
      ),
    ).toBe('dashboard → employers/api/get-employers (use @/features/employers)');
  });

  it("lets a feature reach its own files, and shared code anyone's", () => {
    expect(
      crossFeatureProblem(
        'client/features/employers/components/a.tsx',
        'client/features/employers/api/b',
      ),
    ).toBe(undefined);
    expect(crossFeatureProblem('client/features/employers/a.tsx', 'client/lib/api-client')).toBe(
      undefined,
    );
  });
});
