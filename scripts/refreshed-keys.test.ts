import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardKeys } from '../src/client/features/dashboard/api/query-keys.ts';
import { employerKeys } from '../src/client/features/employers/api/query-keys.ts';
import { paymentKeys } from '../src/client/features/payments/api/query-keys.ts';
import { timesheetKeys } from '../src/client/features/timesheet-reports/api/get-timesheets.ts';
import { workLogKeys } from '../src/client/features/work-logs/api/query-keys.ts';
import { keysRefreshedAfterSave } from '../src/client/lib/invalidate-after-save.ts';
import { createTestApp, type TestContext } from '../src/server/test/app.ts';

// Here, not beside either file: it holds the client's cache keys against the server's routes.
let ctx: TestContext;
let reads: Set<string>;
beforeAll(async () => {
  ctx = await createTestApp();
  reads = new Set(ctx.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
});

const factories = { dashboardKeys, employerKeys, paymentKeys, timesheetKeys, workLogKeys };

/** Every key a factory makes, as `factory.name: root` (functions called with any argument). */
function factoryRoots(): [string, unknown][] {
  return Object.entries(factories).flatMap(([factory, keys]) =>
    Object.entries(keys).map(([name, make]): [string, unknown] => {
      const key = (typeof make === 'function' ? make(undefined as never) : make) as unknown[];
      return [`${factory}.${name}`, key[0]];
    }),
  );
}

describe('the query-key factories', () => {
  it('start every key with an address the server answers to GET', () => {
    expect(reads.size).toBeGreaterThan(10);
    expect(factoryRoots().length).toBeGreaterThan(10);
    expect(factoryRoots().filter(([, root]) => !reads.has(root as string))).toEqual([]);
  });
});

describe('the caches a save refreshes', () => {
  it('are each a factory root and a GET address, so none is a key nothing fills', () => {
    const roots = new Set(factoryRoots().map(([, root]) => root));
    expect(keysRefreshedAfterSave.filter((key) => !reads.has(key))).toEqual([]);
    expect(keysRefreshedAfterSave.filter((key) => !roots.has(key))).toEqual([]);
  });
});
