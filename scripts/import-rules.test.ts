import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Imports only go one way (docs/decisions/001-stack.md). */
const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

/**
 * The server's floors, lowest first. A file imports its own floor and the floors below it,
 * never one above; `src/shared` and packages are open to every floor.
 *
 *   top       app.ts, main.ts, ops/ (services, job registry, worker entry, CLI, backup, rotation):
 *             the composition roots, the only place that knows every feature
 *   features  features/<name>/ (routes, services, repositories, the session plugin)
 *   plugins   request handling every route shares: errors, security headers, text guard
 *   mail      instance mail: messages, transport, the mail job
 *   jobs      the durable queue and worker, which run handlers they are given
 *   lib       helpers: sealing, rate limits, the response cache, logging
 *   db        the connection, schema, migrations, transactions, backup files
 *   base      config.ts, errors.ts, paths.ts
 *
 * `plugins` and `mail` stand side by side: neither imports the other. Tests (`*.test.ts`,
 * `server/test/`) may reach any floor, to build the app that proves a lower one.
 */
const SERVER_FLOORS: Record<string, readonly string[]> = {
  base: [],
  db: ['base'],
  lib: ['base', 'db'],
  jobs: ['base', 'db', 'lib'],
  mail: ['base', 'db', 'lib', 'jobs'],
  plugins: ['base', 'db', 'lib'],
  features: ['base', 'db', 'lib', 'jobs', 'mail', 'plugins'],
  top: ['base', 'db', 'lib', 'jobs', 'mail', 'plugins', 'features'],
};

/** The floor of a path under src/ (`server/jobs/queue.ts` → 'jobs'); undefined off the floors. */
function serverFloor(path: string): string | undefined {
  if (!path.startsWith('server/')) return undefined;
  const rest = path.slice('server/'.length);
  if (['config.ts', 'errors.ts', 'paths.ts'].includes(rest)) return 'base';
  if (['app.ts', 'main.ts'].includes(rest) || rest.startsWith('ops/')) return 'top';
  const folder = rest.split('/')[0] ?? '';
  return rest.includes('/') && folder in SERVER_FLOORS && folder !== 'top' && folder !== 'base'
    ? folder
    : undefined;
}

const isTestCode = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('server/test/');

function floorProblem(from: string, to: string): string | undefined {
  if (!from.startsWith('server/') || isTestCode(from) || !to.startsWith('server/')) return;
  const own = serverFloor(from);
  const other = serverFloor(to);
  if (!own) return `${from} sits on no floor (name it in SERVER_FLOORS)`;
  if (!other) return `${to} sits on no floor (name it in SERVER_FLOORS)`;
  if (own === other || SERVER_FLOORS[own]?.includes(other)) return undefined;
  return `${own} → ${other}: a lower floor imports a higher one`;
}

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

describe('server floors', () => {
  it('db, lib, jobs, mail and plugins import no feature, and no floor imports one above it', () => {
    expect(violations((from, to) => floorProblem(from, to))).toEqual([]);
  });

  it('every server file outside the tests sits on a floor', () => {
    const server = files(join(src, 'server')).map((file) => relative(src, file));
    expect(server.filter((path) => !isTestCode(path) && !serverFloor(path))).toEqual([]);
    expect(server.length).toBeGreaterThan(100);
  });

  it('refuses a lower floor importing a feature, and db importing lib', () => {
    expect(floorProblem('server/jobs/handlers.ts', 'server/features/notion/notion.jobs.ts')).toBe(
      'jobs → features: a lower floor imports a higher one',
    );
    expect(floorProblem('server/lib/cache.ts', 'server/features/auth/auth.plugin.ts')).toBe(
      'lib → features: a lower floor imports a higher one',
    );
    expect(floorProblem('server/plugins/x.ts', 'server/features/auth/auth.plugin.ts')).toBe(
      'plugins → features: a lower floor imports a higher one',
    );
    expect(floorProblem('server/mail/mail-job.ts', 'server/features/gmail/g.ts')).toBe(
      'mail → features: a lower floor imports a higher one',
    );
    expect(floorProblem('server/db/backup-command.ts', 'server/lib/seal.ts')).toBe(
      'db → lib: a lower floor imports a higher one',
    );
    expect(floorProblem('server/plugins/x.ts', 'server/mail/transport.ts')).toBe(
      'plugins → mail: a lower floor imports a higher one',
    );
    expect(floorProblem('server/features/auth/a.ts', 'server/ops/cli.ts')).toBe(
      'features → top: a lower floor imports a higher one',
    );
    expect(floorProblem('server/config.ts', 'server/db/open.ts')).toBe(
      'base → db: a lower floor imports a higher one',
    );
  });

  it('lets the top wire the features, features use the floors below, and tests reach anywhere', () => {
    expect(floorProblem('server/ops/job-handlers.ts', 'server/features/notion/n.ts')).toBe(
      undefined,
    );
    expect(floorProblem('server/app.ts', 'server/features/auth/auth.plugin.ts')).toBe(undefined);
    expect(floorProblem('server/features/gmail/g.ts', 'server/features/auth/a.ts')).toBe(undefined);
    expect(floorProblem('server/features/admin/a.ts', 'server/mail/mail-job.ts')).toBe(undefined);
    expect(floorProblem('server/mail/mail-job.ts', 'server/jobs/types.ts')).toBe(undefined);
    expect(floorProblem('server/lib/x.ts', 'server/db/open.ts')).toBe(undefined);
    expect(floorProblem('server/jobs/x.test.ts', 'server/app.ts')).toBe(undefined);
    expect(floorProblem('server/test/gmail.ts', 'server/ops/job-handlers.ts')).toBe(undefined);
  });

  it('names a new server folder or top file that sits on no floor', () => {
    expect(floorProblem('server/util/x.ts', 'server/db/open.ts')).toBe(
      'server/util/x.ts sits on no floor (name it in SERVER_FLOORS)',
    );
    expect(floorProblem('server/db/x.ts', 'server/helpers.ts')).toBe(
      'server/helpers.ts sits on no floor (name it in SERVER_FLOORS)',
    );
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
