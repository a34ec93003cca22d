import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../../../shared/schemas/notion.ts';
import { notionConnections, workLogs } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/worker.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { createJobHandlers } from '../../ops/job-handlers.ts';
import {
  callApi,
  createTestApp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { testWorker, waitFor } from '../../test/jobs.ts';
import { startTestNotion, TEST_NOTION_TOKEN, type TestNotion } from '../../test/notion.ts';

let notion: TestNotion;
let ctx: TestContext;
let worker: Worker | undefined;

const ALL_PROPERTIES = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));

beforeAll(async () => {
  notion = await startTestNotion();
  ctx = await createTestApp({ notionApiUrl: notion.url });
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(() => notion.close());

const noMail: MailTransport = {
  from: 'x <x@hourbook.test>',
  fromDomain: 'hourbook.test',
  send: async () => ({ messageId: '', where: 'nowhere' }),
  close: () => undefined,
};
const startWorker = () => {
  worker = testWorker(
    ctx.database,
    createJobHandlers({
      db: ctx.database.db,
      secret: TEST_APP_SECRET,
      mail: noMail,
      notionApiUrl: notion.url,
    }),
  );
};

const connect = (who: Session, database: string, token = TEST_NOTION_TOKEN) =>
  callApi(ctx.app, 'POST', '/api/notion/connect', who, { token, database });

const syncState = async (logId: number) => {
  const [row] = await ctx.database.db
    .select({ state: workLogs.notionSyncState, error: workLogs.notionSyncError })
    .from(workLogs)
    .where(eq(workLogs.id, logId));
  return row;
};

async function connectedUser(properties = ALL_PROPERTIES) {
  const who = await signUp(ctx.app);
  const { databaseId } = notion.addDatabase({ title: 'Shifts', properties });
  const res = await connect(
    who,
    `https://www.notion.so/acme/Shifts-${databaseId.replace(/-/g, '')}?v=123`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const employer = await addEmployer(ctx.app, who, { name: 'Riverside Clinic', hourlyRate: '25' });
  return { who, databaseId, employerId: employer.id };
}

describe('connecting Notion', () => {
  it('checks the token and the database, keeps the token sealed, and lists missing properties', async () => {
    const who = await signUp(ctx.app);
    const { databaseId } = notion.addDatabase({
      title: 'Hours',
      properties: { Employer: 'rich_text', Hours: 'rich_text' },
    });
    const res = await connect(who, databaseId);
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status).toMatchObject({ connected: true, state: 'ok', databaseTitle: 'Hours' });
    const missing = status.missingProperties.map((p: { name: string; conflicting: boolean }) => [
      p.name,
      p.conflicting,
    ]);
    expect(missing).toContainEqual(['Date', false]);
    expect(missing).toContainEqual(['Hours', true]);
    expect(missing).not.toContainEqual(['Employer', false]);
    const [row] = await ctx.database.db
      .select()
      .from(notionConnections)
      .where(eq(notionConnections.userId, who.userId));
    expect(row?.tokenSealed).toMatch(/^v2\./);
    expect(row?.tokenSealed).not.toContain(TEST_NOTION_TOKEN);

    // Hours exists with another type: it cannot be added over it.
    const add = await callApi(ctx.app, 'POST', '/api/notion/properties', who);
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toContain('Hours (should be number)');
  });

  it('adds the missing properties, then mirrors the logs already there', async () => {
    const who = await signUp(ctx.app);
    const employer = await addEmployer(ctx.app, who, { name: 'Bakery', hourlyRate: '20' });
    const log = await addWorkLog(ctx.app, who, {
      employerId: employer.id,
      date: '2026-11-02',
      startTime: '09:00',
      endTime: '12:00',
    });
    const { databaseId } = notion.addDatabase({ title: 'Fresh' });
    expect((await connect(who, databaseId)).json().missingProperties).toHaveLength(
      NOTION_PROPERTIES.length,
    );
    // Nothing is mirrored until the database can take it.
    expect((await syncState(log.id))?.state).toBeNull();
    const add = await callApi(ctx.app, 'POST', '/api/notion/properties', who);
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ missingProperties: [], total: 1, pending: 1 });
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'synced');
    const [page] = notion.pagesMirroring(log.id);
    expect(page?.properties).toMatchObject({ Hours: { number: 3 }, Earnings: { number: 60 } });
    expect((await callApi(ctx.app, 'GET', '/api/notion', who)).json()).toMatchObject({
      synced: 1,
      total: 1,
      pending: 0,
    });
  });

  it('says why in the product’s own words: bad token, unknown database, not a database link', async () => {
    const who = await signUp(ctx.app);
    const { databaseId } = notion.addDatabase({ title: 'Elsewhere' });
    const badToken = await connect(who, databaseId, 'secret_wrong');
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().errors.token).toContain('Notion did not accept this token');
    const unknown = await connect(who, '0123456789abcdef0123456789abcdef');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.database).toContain('Share it with your integration');
    const notALink = await connect(who, 'https://example.com/nothing-here');
    expect(notALink.statusCode).toBe(400);
    expect(notALink.json().errors.database).toBe(
      'Please enter the link or ID of a Notion database',
    );
    const empty = await callApi(ctx.app, 'POST', '/api/notion/connect', who, {});
    expect(empty.json().errors).toMatchObject({
      token: 'Please enter your Notion integration token',
    });
    expect((await callApi(ctx.app, 'GET', '/api/notion', who)).json().connected).toBe(false);
    expect((await callApi(ctx.app, 'GET', '/api/notion')).statusCode).toBe(401);
    for (const url of ['/api/notion/connect', '/api/notion/properties', '/api/notion/disconnect']) {
      expect((await callApi(ctx.app, 'POST', url)).statusCode, url).toBe(401);
    }
    // Adding properties without a connection: 404 with a message, nothing called at Notion.
    const calls = notion.calls.length;
    const none = await callApi(ctx.app, 'POST', '/api/notion/properties', who);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Notion is not connected');
    expect(notion.calls.length).toBe(calls);
  });
});

describe('the mirror', () => {
  it('create, edit, delete: one page created, updated, then archived', async () => {
    const { who, employerId } = await connectedUser();
    const log = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-03',
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
    });
    expect((await syncState(log.id))?.state).toBe('pending');
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'synced');
    const [page] = notion.pagesMirroring(log.id);
    expect(page?.properties).toMatchObject({
      Employer: { rich_text: [{ text: { content: 'Riverside Clinic' } }] },
      Date: { date: { start: '2026-11-03' } },
      Hours: { number: 7.5 },
      Earnings: { number: 187.5 },
      Department: { rich_text: [{ text: { content: 'General' } }] },
    });

    await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, who, { endTime: '18:00' });
    const hours = () =>
      (notion.pagesMirroring(log.id)[0]?.properties.Hours as { number?: number } | undefined)
        ?.number;
    await waitFor(() => hours() === 8.5);
    expect(notion.pagesMirroring(log.id)).toHaveLength(1);

    const pageId = notion.pagesMirroring(log.id)[0]?.id;
    expect((await callApi(ctx.app, 'DELETE', `/api/work-logs/${log.id}`, who)).statusCode).toBe(
      200,
    );
    await waitFor(() => notion.pagesMirroring(log.id).length === 0);
    expect([...notion.pages.values()].find((p) => p.id === pageId)?.inTrash).toBe(true);
  });

  it('deleting an employer archives the pages of all its logs', async () => {
    const { who, employerId } = await connectedUser();
    const a = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-04',
      startTime: '09:00',
      endTime: '10:00',
    });
    const b = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-05',
      startTime: '09:00',
      endTime: '10:00',
    });
    startWorker();
    await waitFor(
      async () =>
        (await syncState(a.id))?.state === 'synced' && (await syncState(b.id))?.state === 'synced',
    );
    expect((await callApi(ctx.app, 'DELETE', `/api/employers/${employerId}`, who)).statusCode).toBe(
      200,
    );
    await waitFor(
      () => notion.pagesMirroring(a.id).length + notion.pagesMirroring(b.id).length === 0,
    );
  });

  it('rides out an outage: retried until Notion is back, and no second page', async () => {
    const { who, employerId } = await connectedUser();
    notion.failNext(503, 'service_unavailable', 6);
    const log = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-06',
      startTime: '09:00',
      endTime: '11:00',
    });
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.error?.includes('trying again'), 10_000);
    expect((await syncState(log.id))?.state).toBe('pending');
    await waitFor(async () => (await syncState(log.id))?.state === 'synced', 15_000);
    expect(notion.pagesMirroring(log.id)).toHaveLength(1);
  });

  it('a page made by a run that crashed before keeping its id is found, not made twice', async () => {
    const { who, employerId } = await connectedUser();
    const log = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-07',
      startTime: '09:00',
      endTime: '11:00',
    });
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'synced');
    await worker?.stop();
    worker = undefined;
    // As if the process died after Notion made the page and before the id was stored.
    await ctx.database.db
      .update(workLogs)
      .set({ notionPageId: null })
      .where(eq(workLogs.id, log.id));
    await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, who, { breakDuration: 15 });
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'synced');
    expect(notion.pagesMirroring(log.id)).toHaveLength(1);
  });

  it('a revoked token fails the log with the reason, and stops the mirror', async () => {
    const token = 'secret_soon_revoked';
    notion.tokens.add(token);
    const who = await signUp(ctx.app);
    const { databaseId } = notion.addDatabase({ title: 'Revoked', properties: ALL_PROPERTIES });
    expect((await connect(who, databaseId, token)).statusCode).toBe(200);
    const employer = await addEmployer(ctx.app, who, { name: 'Gone', hourlyRate: '10' });
    notion.tokens.delete(token);
    const log = await addWorkLog(ctx.app, who, {
      employerId: employer.id,
      date: '2026-11-08',
      startTime: '09:00',
      endTime: '10:00',
    });
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'failed');
    expect((await syncState(log.id))?.error).toContain('no longer accepts the integration token');
    expect((await callApi(ctx.app, 'GET', '/api/notion', who)).json().state).toBe('unauthorized');
  });

  it('reads and retries one log’s mirror: the user’s own only, and only while connected', async () => {
    const { who, employerId } = await connectedUser();
    const log = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-10',
      startTime: '09:00',
      endTime: '10:00',
    });
    const read = (as: Session, id: number) => callApi(ctx.app, 'GET', `/api/notion/sync/${id}`, as);
    expect((await read(who, log.id)).json()).toEqual({ state: 'pending', error: null });
    // The list shows the same.
    const list = (await callApi(ctx.app, 'GET', '/api/work-logs', who)).json();
    expect(list.find((l: { id: number }) => l.id === log.id)?.notionSync).toEqual({
      state: 'pending',
      error: null,
    });
    notion.failNext(400, 'validation_error', 1);
    startWorker();
    await waitFor(async () => (await read(who, log.id)).json().state === 'failed');
    const retried = await callApi(ctx.app, 'POST', `/api/notion/sync/${log.id}`, who);
    expect(retried.json()).toEqual({ state: 'pending', error: null });
    await waitFor(async () => (await read(who, log.id)).json().state === 'synced');

    const other = await signUp(ctx.app);
    const theirs = await read(other, log.id);
    const missing = await read(other, 2_000_000_000);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await callApi(ctx.app, 'POST', `/api/notion/sync/${log.id}`, other)).statusCode).toBe(
      409,
    );
    expect((await read(who, 0)).statusCode).toBe(400);
    expect((await callApi(ctx.app, 'GET', `/api/notion/sync/${log.id}`)).statusCode).toBe(401);
  });

  it('a page trashed in Notion is made again; connecting another database starts afresh there', async () => {
    const { who, employerId } = await connectedUser();
    const log = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-11',
      startTime: '09:00',
      endTime: '10:00',
    });
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'synced');
    const first = notion.pagesMirroring(log.id)[0];
    if (first) first.inTrash = true;
    await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, who, { breakDuration: 5 });
    await waitFor(
      async () =>
        (await syncState(log.id))?.state === 'synced' && notion.pagesMirroring(log.id).length === 1,
    );
    expect(notion.pagesMirroring(log.id)[0]?.id).not.toBe(first?.id);

    const { databaseId, dataSourceId } = notion.addDatabase({
      title: 'Second',
      properties: ALL_PROPERTIES,
    });
    expect((await connect(who, databaseId)).statusCode).toBe(200);
    await waitFor(
      async () =>
        (await syncState(log.id))?.state === 'synced' && notion.pagesMirroring(log.id).length === 2,
    );
    const inSecond = notion
      .pagesMirroring(log.id)
      .filter((p) => JSON.stringify(p).includes(dataSourceId));
    expect(inSecond).toHaveLength(1);
  });

  it('mirroring leaves the log’s edit time alone; an employer’s colour change mirrors nothing, a rename or a rate change mirrors again', async () => {
    const { who, employerId } = await connectedUser();
    const log = await addWorkLog(ctx.app, who, {
      employerId,
      date: '2026-11-12',
      startTime: '09:00',
      endTime: '10:00',
    });
    const edited = async () =>
      (await callApi(ctx.app, 'GET', '/api/work-logs', who))
        .json()
        .find((l: { id: number }) => l.id === log.id)?.updatedAt;
    const before = await edited();
    startWorker();
    await waitFor(async () => (await syncState(log.id))?.state === 'synced');
    expect(await edited()).toBe(before);
    const calls = notion.calls.length;
    await callApi(ctx.app, 'PATCH', `/api/employers/${employerId}`, who, { brandColor: 'green' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notion.calls.length).toBe(calls);
    expect((await syncState(log.id))?.state).toBe('synced');
    await callApi(ctx.app, 'PATCH', `/api/employers/${employerId}`, who, {
      name: 'Riverside Hospital',
    });
    await waitFor(() => {
      const employer = notion.pagesMirroring(log.id)[0]?.properties.Employer as
        | { rich_text: { text: { content: string } }[] }
        | undefined;
      return employer?.rich_text[0]?.text.content === 'Riverside Hospital';
    });
    // A rate change reaches the shift's earnings, so its page is mirrored again.
    const raised = await callApi(ctx.app, 'PATCH', `/api/employers/${employerId}`, who, {
      hourlyRate: '99.00',
      applyChange: { from: 'every' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    await waitFor(() => {
      const earnings = notion.pagesMirroring(log.id)[0]?.properties.Earnings as
        | { number: number }
        | undefined;
      return earnings?.number === 99;
    });
  });

  it("never sends another user's logs to this user's database, and a save never waits on Notion", async () => {
    const { who } = await connectedUser();
    const other = await signUp(ctx.app);
    const theirs = await addEmployer(ctx.app, other, { name: 'Not Mine', hourlyRate: '99' });
    notion.hangNext(1);
    const before = notion.calls.length;
    const log = await addWorkLog(ctx.app, other, {
      employerId: theirs.id,
      date: '2026-11-09',
      startTime: '09:00',
      endTime: '10:00',
    });
    expect((await syncState(log.id))?.state).toBeNull();
    expect(notion.calls.length).toBe(before);
    // Disconnecting stops the mirror and clears the states.
    expect((await callApi(ctx.app, 'POST', '/api/notion/disconnect', who)).json()).toEqual({
      success: true,
    });
    expect((await callApi(ctx.app, 'GET', '/api/notion', who)).json().connected).toBe(false);
  });
});
