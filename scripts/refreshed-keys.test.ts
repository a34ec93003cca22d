import { beforeAll, describe, expect, it } from 'vitest';
import { keysRefreshedAfterSave } from '../src/client/lib/invalidate-after-save.ts';
import { createTestApp, type TestContext } from '../src/server/test/app.ts';

// Here, not beside either file: it holds the client's cache keys against the server's routes.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('the caches a save refreshes', () => {
  it('are each an address the server answers to GET, so none is a key nothing fills', () => {
    const reads = new Set(ctx.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
    expect(reads.size).toBeGreaterThan(10);
    expect(keysRefreshedAfterSave.filter((key) => !reads.has(key))).toEqual([]);
  });
});
