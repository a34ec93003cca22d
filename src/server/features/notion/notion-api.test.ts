import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../../../shared/schemas/notion.ts';
import { startTestNotion, type TestNotion } from '../../test/notion.ts';
import {
  missingProperties,
  NotionApi,
  NotionCapabilityMissing,
  NotionRetryLater,
  notionFailure,
  notionMessage,
  PACE_MS,
} from './notion-api.ts';

// Calls are paced per token across the whole process: each test gets a token of its own, so
// no test waits on the calls of the one before.
const newToken = () => `secret_${randomBytes(12).toString('hex')}`;
const ALL_PROPERTIES = Object.fromEntries(NOTION_PROPERTIES.map(({ name, type }) => [name, type]));

let notion: TestNotion;
let api: NotionApi;
let token: string;

beforeEach(async () => {
  token = newToken();
  notion = await startTestNotion({ token });
  api = new NotionApi(`${notion.url}/`);
});

afterEach(() => notion.close());

/** What a call failed with (the test fails if it did not). */
async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const logProperties = (logId: number, hours: number) => ({
  Name: { title: [{ text: { content: 'Acme Corp' } }] },
  Hours: { number: hours },
  'Hourbook ID': { number: logId },
});

describe('NotionApi against the Notion fake', () => {
  it('reads a database: its title and its first data source', async () => {
    const { databaseId, dataSourceId } = notion.addDatabase({ title: 'Work hours' });

    await expect(api.database(token, databaseId)).resolves.toEqual({
      title: 'Work hours',
      dataSourceId,
    });
    // A pasted id without dashes is the same database.
    await expect(api.database(token, databaseId.replace(/-/g, ''))).resolves.toMatchObject({
      dataSourceId,
    });
    expect(notion.calls[0]).toMatchObject({
      method: 'GET',
      path: `/v1/databases/${databaseId}`,
      token,
      notionVersion: '2025-09-03',
      status: 200,
    });
  });

  it('reads a data source: its properties and which one is the title', async () => {
    const { dataSourceId } = notion.addDatabase({
      title: 'Hours',
      properties: { Shift: 'title', Hours: 'number', Employer: 'rich_text' },
    });

    await expect(api.dataSource(token, dataSourceId)).resolves.toEqual({
      title: 'Hours',
      titleProperty: 'Shift',
      properties: { Shift: 'title', Hours: 'number', Employer: 'rich_text' },
    });
  });

  it('lists all ten properties as missing on a fresh database, and flags one of another type', async () => {
    const fresh = notion.addDatabase({ title: 'Fresh' });
    const schema = await api.dataSource(token, fresh.dataSourceId);
    expect(schema.titleProperty).toBe('Name');
    expect(missingProperties(schema)).toEqual(
      NOTION_PROPERTIES.map(({ name, type }) => ({ name, type, conflicting: false })),
    );

    const clash = notion.addDatabase({ title: 'Clash', properties: { Hours: 'rich_text' } });
    const missing = missingProperties(await api.dataSource(token, clash.dataSourceId));
    expect(missing).toHaveLength(10);
    expect(missing.filter((p) => p.conflicting)).toEqual([
      { name: 'Hours', type: 'number', conflicting: true },
    ]);
  });

  it('adds the missing properties, after which none is missing', async () => {
    const { dataSourceId } = notion.addDatabase({ title: 'Hours' });
    const schema = await api.dataSource(token, dataSourceId);

    await api.addProperties(token, dataSourceId, missingProperties(schema));

    const patch = notion.calls.find((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({
      path: `/v1/data_sources/${dataSourceId}`,
      body: { properties: { Employer: { rich_text: {} }, Status: { select: {} } } },
    });
    const after = await api.dataSource(token, dataSourceId);
    expect(missingProperties(after)).toEqual([]);
    expect(after.properties).toMatchObject({ Name: 'title', 'Hourbook ID': 'number' });
  });

  it('creates, finds, updates and trashes the page of a log', async () => {
    const { dataSourceId } = notion.addDatabase({ title: 'Hours', properties: ALL_PROPERTIES });

    await expect(api.findPage(token, dataSourceId, 7)).resolves.toBeUndefined();
    const pageId = await api.createPage(token, dataSourceId, logProperties(7, 8));
    expect(notion.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/pages',
      body: { parent: { type: 'data_source_id', data_source_id: dataSourceId } },
    });
    expect(notion.pagesMirroring(7).map((p) => p.id)).toEqual([pageId]);
    await expect(api.findPage(token, dataSourceId, 7)).resolves.toBe(pageId);
    await expect(api.findPage(token, dataSourceId, 8)).resolves.toBeUndefined();

    await api.updatePage(token, pageId, { Hours: { number: 7.5 } });
    expect(notion.pagesMirroring(7)[0]?.properties).toMatchObject({
      Hours: { number: 7.5 },
      'Hourbook ID': { number: 7 },
    });

    await api.archivePage(token, pageId);
    expect(notion.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/v1/pages/${pageId}`,
      body: { in_trash: true },
    });
    expect(notion.pagesMirroring(7)).toEqual([]);
    expect(notion.pages.size).toBe(1);
    // The query still answers the trashed page; findPage does not take it for the log's page.
    await expect(api.findPage(token, dataSourceId, 7)).resolves.toBeUndefined();
    expect(notion.calls.at(-1)?.body).toMatchObject({
      filter: { property: 'Hourbook ID', number: { equals: 7 } },
    });
  });

  it('finds the live page of a log even when a trashed page of the same log comes first', async () => {
    const { dataSourceId } = notion.addDatabase({ title: 'Hours', properties: ALL_PROPERTIES });
    const trashed = await api.createPage(token, dataSourceId, logProperties(9, 8));
    await api.archivePage(token, trashed);
    const live = await api.createPage(token, dataSourceId, logProperties(9, 8));

    await expect(api.findPage(token, dataSourceId, 9)).resolves.toBe(live);
  });

  it('waits out a 429 with its Retry-After and then succeeds', async () => {
    const { databaseId, dataSourceId } = notion.addDatabase({ title: 'Hours' });
    notion.failNext(429, 'rate_limited', 1, { 'retry-after': '1' });

    const started = Date.now();
    await expect(api.database(token, databaseId)).resolves.toMatchObject({ dataSourceId });

    expect(notion.calls.map((c) => c.status)).toEqual([429, 200]);
    const [first, second] = notion.calls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('leaves a Retry-After longer than 2 s to the job queue: no retry now, retryAt that far ahead', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });
    notion.failNext(429, 'rate_limited', 1, { 'retry-after': '30' });

    const before = Date.now();
    const error = await failure(api.database(token, databaseId));

    expect(error).toBeInstanceOf(NotionRetryLater);
    expect(notionFailure(error)).toBe('rate_limited');
    const retryAt = (error as NotionRetryLater).retryAt.getTime();
    expect(retryAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(retryAt).toBeLessThan(Date.now() + 30_500);
    expect(notion.calls.map((c) => c.status)).toEqual([429]);
    // The token's other calls wait as well: none reaches Notion before the 30 s are over.
    const next = await failure(api.findPage(token, crypto.randomUUID(), 1));
    expect(next).toBeInstanceOf(NotionRetryLater);
    expect((next as NotionRetryLater).retryAt.getTime()).toBeGreaterThanOrEqual(retryAt - 50);
    expect(notion.calls).toHaveLength(1);
  });

  it('caps a Retry-After beyond Notion’s 60 s at 60 s, and honours one on a 503', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });
    notion.failNext(429, 'rate_limited', 1, { 'retry-after': '600' });
    const before = Date.now();
    const capped = (await failure(api.database(token, databaseId))) as NotionRetryLater;
    expect(capped.retryAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(capped.retryAt.getTime()).toBeLessThan(Date.now() + 60_500);

    const other = newToken();
    notion.tokens.add(other);
    notion.failNext(503, 'service_unavailable', 1, { 'retry-after': '20' });
    const at = Date.now();
    const unavailable = await failure(api.database(other, databaseId));
    expect(unavailable).toBeInstanceOf(NotionRetryLater);
    expect((unavailable as NotionRetryLater).retryAt.getTime()).toBeGreaterThanOrEqual(at + 20_000);
    expect(notion.calls.map((c) => c.status)).toEqual([429, 503]);
  });

  it('names the capability a 403 restricted_resource is for: read, insert or update content', async () => {
    const { databaseId, dataSourceId } = notion.addDatabase({
      title: 'Hours',
      properties: ALL_PROPERTIES,
    });
    const capabilityOf = async (call: Promise<unknown>) => {
      const error = await failure(call);
      expect(error).toBeInstanceOf(NotionCapabilityMissing);
      expect(notionFailure(error)).toBe('restricted');
      return (error as NotionCapabilityMissing).capability;
    };

    notion.capabilities.set(token, new Set(['insert_content', 'update_content']));
    expect(await capabilityOf(api.database(token, databaseId))).toBe('read_content');
    expect(await capabilityOf(api.findPage(token, dataSourceId, 1))).toBe('read_content');

    notion.capabilities.set(token, new Set(['read_content', 'update_content']));
    expect(await capabilityOf(api.createPage(token, dataSourceId, logProperties(1, 2)))).toBe(
      'insert_content',
    );

    notion.capabilities.set(token, new Set(['read_content', 'insert_content']));
    const pageId = await api.createPage(token, dataSourceId, logProperties(1, 2));
    expect(await capabilityOf(api.updatePage(token, pageId, { Hours: { number: 3 } }))).toBe(
      'update_content',
    );
    expect(await capabilityOf(api.archivePage(token, pageId))).toBe('update_content');
    expect(
      await capabilityOf(api.addProperties(token, dataSourceId, [{ name: 'X', type: 'number' }])),
    ).toBe('update_content');
    // Notion's answer, as it documents it; not retried.
    expect(notion.calls.filter((c) => c.status === 403)).toHaveLength(6);
    expect(notion.calls.filter((c) => c.status === 403).length + 1).toBe(notion.calls.length);
  });

  it('tells what a failure means: unauthorized, not found, invalid', async () => {
    const { databaseId, dataSourceId } = notion.addDatabase({ title: 'Hours' });

    const wrongToken = await failure(api.database(newToken(), databaseId));
    expect(notionFailure(wrongToken)).toBe('unauthorized');
    expect(notionMessage(wrongToken)).toBe('API token is invalid.');

    const unknown = await failure(api.database(token, '0f0e0d0c-0b0a-4909-8807-060504030201'));
    expect(notionFailure(unknown)).toBe('not_found');

    const badName = await failure(api.createPage(token, dataSourceId, { Nope: { rich_text: [] } }));
    expect(notionFailure(badName)).toBe('invalid');
    expect(notionMessage(badName)).toContain('Nope');
    expect(notion.pages.size).toBe(0);

    // A query on a property the data source lacks is refused the same way.
    expect(notionFailure(await failure(api.findPage(token, dataSourceId, 1)))).toBe('invalid');
  });

  it('also takes a 401 the fake is told to give for unauthorized', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });
    notion.failNext(401, 'unauthorized');
    expect(notionFailure(await failure(api.database(token, databaseId)))).toBe('unauthorized');
    expect(notion.calls).toHaveLength(1);
  });

  it('calls an outage what still fails after the client retried twice', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });
    notion.failNext(503, 'service_unavailable', 3);

    const error = await failure(api.database(token, databaseId));

    expect(notionFailure(error)).toBe('outage');
    expect(notion.calls.map((c) => c.status)).toEqual([503, 503, 503]);
    // Other errors of no known meaning are an outage too.
    expect(notionFailure(new Error('socket hang up'))).toBe('outage');
  });

  it('spaces the calls of one token about 350 ms apart', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });

    const started = Date.now();
    await Promise.all([1, 2, 3, 4].map(() => api.database(token, databaseId)));

    // The k-th call's turn is k × PACE_MS after the first: it cannot reach Notion earlier (it
    // may reach it later on a busy machine, which only makes it later).
    const at = notion.calls.map((c) => c.at).sort((a, b) => a - b);
    expect(at).toHaveLength(4);
    at.forEach((time, k) => {
      expect(time - started, `call ${k + 1}`).toBeGreaterThanOrEqual(k * PACE_MS - 10);
    });
  });

  it('does not make two tokens wait for each other', async () => {
    const other = newToken();
    notion.tokens.add(other);
    const { databaseId } = notion.addDatabase({ title: 'Hours' });

    const started = Date.now();
    await Promise.all([token, other, token, other].map((who) => api.database(who, databaseId)));
    const elapsed = Date.now() - started;

    // Two calls each: one pause per token (about 340 ms), not three in a row (about 1 s).
    expect(elapsed).toBeLessThan(800);
    const firstOf = (who: string) => notion.calls.find((c) => c.token === who)?.at ?? 0;
    expect(Math.abs(firstOf(token) - firstOf(other))).toBeLessThan(150);
  });
});

describe('the Notion fake', () => {
  it('answers a 429 with Notion’s body and a Retry-After in seconds, and a 403 restricted_resource', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });
    const get = () =>
      fetch(`${notion.url}/v1/databases/${databaseId}`, {
        headers: { authorization: `Bearer ${token}`, 'notion-version': '2025-09-03' },
      });
    notion.failNext(429, 'rate_limited');
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({
      object: 'error',
      status: 429,
      code: 'rate_limited',
      message: expect.any(String),
    });
    notion.capabilities.set(token, new Set(['insert_content']));
    const restricted = await get();
    expect(restricted.status).toBe(403);
    expect(await restricted.json()).toMatchObject({
      object: 'error',
      status: 403,
      code: 'restricted_resource',
    });
  });

  it('answers Notion’s error shape as JSON without a valid token', async () => {
    const res = await fetch(`${notion.url}/v1/databases/${crypto.randomUUID()}`, {
      headers: { authorization: 'Bearer secret_wrong', 'notion-version': '2025-09-03' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({
      object: 'error',
      status: 401,
      code: 'unauthorized',
      message: 'API token is invalid.',
    });
  });

  it('can hang a request, and answers the next one', async () => {
    const { databaseId } = notion.addDatabase({ title: 'Hours' });
    notion.hangNext(1);
    const request = () =>
      fetch(`${notion.url}/v1/databases/${databaseId}`, {
        headers: { authorization: `Bearer ${token}`, 'notion-version': '2025-09-03' },
        signal: AbortSignal.timeout(300),
      });

    await expect(request()).rejects.toThrow();
    const res = await request();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'database', id: databaseId });
    expect(notion.calls.map((c) => c.status)).toEqual([0, 200]);
  });

  it('refuses to edit a trashed page, as Notion does', async () => {
    const { dataSourceId } = notion.addDatabase({ title: 'Hours', properties: ALL_PROPERTIES });
    const pageId = await api.createPage(token, dataSourceId, logProperties(3, 2));
    await api.archivePage(token, pageId);

    const error = await failure(api.updatePage(token, pageId, { Hours: { number: 1 } }));
    expect(notionFailure(error)).toBe('invalid');
    expect(notionFailure(await failure(api.updatePage(token, crypto.randomUUID(), {})))).toBe(
      'not_found',
    );
  });
});
