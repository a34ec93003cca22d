/**
 * The people and data of the authorization matrix (authz-matrix.test.ts): an owner with one of
 * everything, another user and an administrator set up the same way, a snapshot of everything
 * a user owns, and requests made the way a browser makes them.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { NOTION_PROPERTIES } from '../../shared/schemas/notion.ts';
import { issueTemporaryPassword } from '../features/admin/admin.service.ts';
import { insertAndEnqueue } from '../features/mail-sends/mail-sends.service.ts';
import { nextIp, type Session, signUp, TEST_APP_SECRET, type TestContext } from './app.ts';
import { addEmployer, addWorkLog } from './factories.ts';
import { queuedMails, verifyTokenIn } from './mail.ts';
import type { TestNotion } from './notion.ts';
import { TEST_NOTION_TOKEN } from './notion.ts';
import { imagePart, MULTIPART_TYPE, makePng, multipartBody } from './profile-images.ts';

export type Caller = 'anonymous' | 'owner' | 'other' | 'admin';
/** The owner last: a caller that may use up or delete the resource goes after the refusals. */
export const CALLERS: readonly Caller[] = ['anonymous', 'other', 'admin', 'owner'];

/** The administrator named by the app's ADMIN_EMAILS; fresh administrators get users.is_admin. */
export const ADMIN_EMAIL = 'matrix-admin@example.com';
/** PUBLIC_URL of the app under test: what a browser on it sends as Origin. */
export const OWN_ORIGIN = 'http://hourbook.test';
const PASSWORD = 'a matrix of many cells';

export interface Actor extends Session {
  password: string;
  employerId: number;
  /** The id of the actor's own Notion database in the fake (connected). */
  notionDatabase: string;
}

export interface World {
  ctx: TestContext;
  notion: TestNotion;
  owner: Actor;
  other: Actor;
  admin: Actor;
}

/**
 * A static client folder for the app, so its static routes are in the route table as in
 * production (index.html and a hashed asset).
 */
export function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hourbook-matrix-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hourbook</title>');
  writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'export {};\n');
  return dir;
}

const ALL_NOTION_PROPERTIES = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));
let counter = 0;
/** Unique within the file: employer names, e-mail addresses, work-log dates. */
export const unique = () => `${++counter}-${randomBytes(2).toString('hex')}`;
/** A different day for each work log, from 2024-01-01 on. */
export const nextDate = () =>
  new Date(Date.UTC(2024, 0, 1 + (counter++ % 700))).toISOString().slice(0, 10);

/**
 * A user with one of everything the matrix reaches (unless `bare`): an employer, a work log, a
 * profile picture and a Notion connection. Administrators are made with users.is_admin (before
 * their first signed-in call, so no cached session says otherwise) unless `email` is
 * ADMIN_EMAIL.
 */
export async function makeActor(
  world: Pick<World, 'ctx' | 'notion'>,
  role: Exclude<Caller, 'anonymous'>,
  options: { email?: string; bare?: boolean } = {},
): Promise<Actor> {
  const { app, database } = world.ctx;
  const { email, bare = false } = options;
  const session = await signUp(app, { password: PASSWORD, ...(email ? { email } : {}) });
  if (role === 'admin' && email !== ADMIN_EMAIL) {
    await database.pool.query('update users set is_admin = true where id = $1', [session.userId]);
  } else if (role === 'admin') {
    // Named by ADMIN_EMAILS, with the address proven (as its mailed link does).
    await database.pool.query('update users set email_verified = true where id = $1', [
      session.userId,
    ]);
  }
  const actor = { ...session, password: PASSWORD, employerId: 0, notionDatabase: '' };
  if (bare) return actor;
  const { databaseId } = world.notion.addDatabase({
    title: 'Shifts',
    properties: ALL_NOTION_PROPERTIES,
  });
  actor.notionDatabase = databaseId;
  const connect = { url: '/api/notion/connect', payload: notionBody(actor) };
  const [employer] = await Promise.all([
    addEmployer(app, actor, { name: `Harbour ${unique()}`, hourlyRate: '24' }),
    makePng(40, 40).then((png) =>
      expectOk(send(world.ctx, 'POST', uploadPicture(png), actor.cookie)),
    ),
    expectOk(send(world.ctx, 'POST', connect, actor.cookie)),
  ]);
  actor.employerId = employer.id;
  await addWorkLog(app, actor, workLogBody(actor));
  return actor;
}

export async function makeWorld(ctx: TestContext, notion: TestNotion): Promise<World> {
  const base = { ctx, notion };
  const [owner, other, admin] = await Promise.all([
    makeActor(base, 'owner'),
    makeActor(base, 'other'),
    makeActor(base, 'admin', { email: ADMIN_EMAIL }),
  ]);
  return { ...base, owner, other, admin };
}

export const workLogBody = (who: Actor) => ({
  employerId: who.employerId,
  date: nextDate(),
  startTime: '09:00',
  endTime: '17:00',
  breakDuration: 30,
});

export const notionBody = (who: Actor) => ({
  token: TEST_NOTION_TOKEN,
  database: who.notionDatabase,
});

/** A pay stub for the payment `id` (decision 043). */
export const PAY_STUB = Buffer.from('%PDF-1.4\n%%EOF\n');
export const uploadPayStub = (id: number | string): Request => ({
  url: `/api/payments/${id}/file`,
  payload: multipartBody([
    { name: 'file', filename: 'stub.pdf', contentType: 'application/pdf', data: PAY_STUB },
  ]),
  headers: { 'content-type': MULTIPART_TYPE },
});

/** A receipt for the work log `id` (decision 046). */
export const uploadReceipt = (id: number | string): Request => ({
  url: `/api/work-logs/${id}/receipt`,
  payload: multipartBody([
    { name: 'file', filename: 'parking.pdf', contentType: 'application/pdf', data: PAY_STUB },
  ]),
  headers: { 'content-type': MULTIPART_TYPE },
});

export const uploadPicture = (png: Buffer): Request => ({
  url: '/api/auth/upload-profile-image',
  payload: multipartBody([imagePart(png)]),
  headers: { 'content-type': MULTIPART_TYPE },
});

// The shapes of the matrix's entries, by kind of route.

export type Kind = 'public' | 'signed-in' | 'admin-only' | 'owner-resource';

export interface Cell {
  caller: Caller;
  /** Whose session makes the call and whose data the body names (the owner's when signed out). */
  self: Actor;
  /** The owner's resource on an owner-resource route: an id, or the token of a mailed link. */
  id: number | string;
  world: World;
}

export interface Entry {
  kind: Kind;
  expect: Record<Caller, number>;
  request: (cell: Cell) => Request | Promise<Request>;
  /** Makes the owner's resource for this route (once, before the four calls). */
  resource?: (world: World, owner: Actor) => Promise<number | string>;
  /**
   * The call ends the caller's session or account (or connection): each caller, and the owner,
   * is made afresh for it, so no other cell sees the change.
   */
  fresh?: boolean;
  /** The one caller whose successful call changes the owner's rows by design. */
  changesOwner?: Caller;
  /** Takes multipart/form-data (a file upload). */
  readsMultipart?: boolean;
}

export const everyone = (
  status: number,
  request: Entry['request'],
  more?: Partial<Entry>,
): Entry => ({
  kind: 'public',
  expect: { anonymous: status, owner: status, other: status, admin: status },
  request,
  ...more,
});
export const signedIn = (
  status: number,
  request: Entry['request'],
  more?: Partial<Entry>,
): Entry => ({
  kind: 'signed-in',
  expect: { anonymous: 401, owner: status, other: status, admin: status },
  request,
  ...more,
});
export const adminOnly = (
  status: number,
  request: Entry['request'],
  more?: Partial<Entry>,
): Entry => ({
  kind: 'admin-only',
  expect: { anonymous: 401, owner: 403, other: 403, admin: status },
  request,
  ...more,
});
/** Another user's resource answers as a missing one does (`refused`: 404 unless said). */
export const ownersOnly = (
  status: number,
  resource: NonNullable<Entry['resource']>,
  request: Entry['request'],
  more?: Partial<Entry> & { refused?: number },
): Entry => ({
  kind: 'owner-resource',
  expect: {
    anonymous: 401,
    owner: status,
    other: more?.refused ?? 404,
    admin: more?.refused ?? 404,
  },
  request,
  resource,
  ...more,
});

export const at = (url: string) => () => ({ url });
export const json =
  (url: string, payload: (self: Actor, cell: Cell) => object) =>
  (cell: Cell): Request => ({ url, payload: payload(cell.self, cell) });
export const employerPairs = new Map<number, number>();

/** The owner's resources of the `:id` routes, each made afresh for the route that uses it. */
export const resources = {
  employer: async (world: World, who: Actor) =>
    (await addEmployer(world.ctx.app, who, { name: `Spare ${unique()}`, hourlyRate: '30' })).id,
  /** An employer following the US public holidays, so it has some to take off. */
  holidayEmployer: async (world: World, who: Actor) =>
    (
      await addEmployer(world.ctx.app, who, {
        name: `Museum ${unique()}`,
        hourlyRate: '30',
        holidayCountry: 'US',
      })
    ).id,
  /** Two fresh employers of the owner: the first one's id (`employerPairs` gives the second). */
  employerPair: async (world: World, who: Actor) => {
    const first = (
      await addEmployer(world.ctx.app, who, { name: `Site ${unique()}`, hourlyRate: '30' })
    ).id;
    const second = (
      await addEmployer(world.ctx.app, who, { name: `Site ${unique()}`, hourlyRate: '30' })
    ).id;
    employerPairs.set(first, second);
    return first;
  },
  /** An overtime group of two fresh employers of the owner. */
  employerGroup: async (world: World, who: Actor) => {
    const ids = [];
    for (const _ of [1, 2]) {
      ids.push(
        (await addEmployer(world.ctx.app, who, { name: `Site ${unique()}`, hourlyRate: '30' })).id,
      );
    }
    const request = {
      url: '/api/employer-groups',
      payload: { name: `Group ${unique()}`, employerIds: ids },
    };
    const res = await expectOk(send(world.ctx, 'POST', request, who.cookie));
    return (res.json() as { id: number }).id;
  },
  /** A fresh employer of the owner's whose week of 7 January 2024 is closed: its id. */
  closedPeriod: async (world: World, who: Actor) => {
    const id = (
      await addEmployer(world.ctx.app, who, { name: `Closed ${unique()}`, hourlyRate: '30' })
    ).id;
    const request = {
      url: '/api/payments/periods/close',
      payload: { employerId: id, periodStart: '2024-01-07' },
    };
    await expectOk(send(world.ctx, 'POST', request, who.cookie));
    return id;
  },
  /** A payment received from the owner's employer. */
  payment: async (world: World, who: Actor) => {
    const request = {
      url: '/api/payments',
      payload: { employerId: who.employerId, amount: '50.00', receivedOn: '2024-02-02' },
    };
    const res = await expectOk(send(world.ctx, 'POST', request, who.cookie));
    return (res.json() as { id: number }).id;
  },
  /** A payment of the owner's with a pay stub attached. */
  paymentWithFile: async (world: World, who: Actor) => {
    const id = await resources.payment(world, who);
    await expectOk(send(world.ctx, 'PUT', uploadPayStub(id), who.cookie));
    return id;
  },
  workLog: async (world: World, who: Actor) =>
    (await addWorkLog(world.ctx.app, who, workLogBody(who))).id,
  /** A work log of the owner's with an expense to be paid back: a receipt can go on it. */
  workLogWithExpense: async (world: World, who: Actor) =>
    (
      await addWorkLog(world.ctx.app, who, {
        ...workLogBody(who),
        expenseAmount: '8.75',
        expenseNote: 'Parking',
      })
    ).id,
  /** A work log of the owner's with its expense's receipt attached. */
  workLogWithReceipt: async (world: World, who: Actor) => {
    const id = await resources.workLogWithExpense(world, who);
    await expectOk(send(world.ctx, 'PUT', uploadReceipt(id), who.cookie));
    return id;
  },
  /** A timer of the owner's, started two hours ago: a fresh employer's id to switch to. */
  runningTimer: async (world: World, who: Actor) => startedTimer(world, who),
  /** As `runningTimer`, paused. */
  pausedTimer: async (world: World, who: Actor) => {
    const id = await startedTimer(world, who);
    await expectOk(send(world.ctx, 'POST', { url: '/api/timer/pause', payload: {} }, who.cookie));
    return id;
  },
  timesheet: async (world: World, who: Actor) => {
    const request = { url: '/api/timesheets/generate', payload: timesheetBody(who) };
    const res = await expectOk(send(world.ctx, 'POST', request, who.cookie));
    return (res.json() as { timesheet: { id: number } }).timesheet.id;
  },
  /** A queued Gmail send (no worker runs here; Gmail is not configured to make one by API). */
  mailSend: async (world: World, who: Actor) =>
    (
      await insertAndEnqueue(world.ctx.database.db, TEST_APP_SECRET, {
        userId: who.userId,
        kind: 'message',
        toAddress: 'payroll@example.com',
        subject: 'My hours',
        body: 'Attached.',
      })
    ).id,
  /** The token of the link mailed for the owner's e-mail change. */
  /** The owner's calendar feed (decision 047): the file name its URL ends in, secret.ics. */
  calendarFeed: async (world: World, who: Actor) => {
    const request = { url: '/api/calendar-feed', payload: {} };
    const res = await expectOk(send(world.ctx, 'POST', request, who.cookie));
    return (res.json() as { path: string }).path.replace('/api/calendar/', '');
  },
  /** The token whose Undo puts back a shift of the owner's just deleted (decision 048). */
  undoToken: async (world: World, who: Actor) => {
    const id = await resources.workLog(world, who);
    const res = await expectOk(
      send(world.ctx, 'DELETE', { url: `/api/work-logs/${id}` }, who.cookie),
    );
    return (res.json() as { undoToken: string }).undoToken;
  },
  emailChangeToken: async (world: World, who: Actor) => {
    const newEmail = `moved-${unique()}@example.com`;
    const request = { url: '/api/auth/change-email', payload: { newEmail } };
    await expectOk(send(world.ctx, 'POST', request, who.cookie));
    const [mail] = await queuedMails(world.ctx.database.db, newEmail);
    if (!mail) throw new Error(`no verification mail to ${newEmail}`);
    return verifyTokenIn(mail);
  },
};

async function startedTimer(world: World, who: Actor) {
  // One owner may serve several routes (requests from another site): theirs starts afresh.
  await world.ctx.database.pool.query('delete from timers where user_id = $1', [who.userId]);
  const request = { url: '/api/timer/start', payload: { employerId: who.employerId } };
  await expectOk(send(world.ctx, 'POST', request, who.cookie));
  await world.ctx.database.pool.query(
    `update timers set started_at = now() - interval '2 hours' where user_id = $1`,
    [who.userId],
  );
  return (await addEmployer(world.ctx.app, who, { name: `Next ${unique()}`, hourlyRate: '30' })).id;
}

export const timesheetBody = (who: Actor) => ({
  employerId: who.employerId,
  startDate: '2024-01-01',
  endDate: '2024-01-31',
  format: 'csv' as const,
});

export interface Request {
  url: string;
  /** JSON, unless text or a Buffer (whose content type `headers` gives); none: no body. */
  payload?: object | Buffer | string;
  /** Added to (or, when undefined, taken from) the browser's headers. */
  headers?: Record<string, string | undefined>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call as the browser makes it: from its own origin (Origin and Sec-Fetch-Site on state
 * changes, as fetch sends them), with the session cookie when signed in, each from its own
 * client address so per-address limits never decide an answer. `headers` can override these.
 */
export function send(ctx: TestContext, method: Method, request: Request, cookie?: string) {
  const browser = method === 'GET' ? {} : { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' };
  const headers = { ...browser, ...(cookie ? { cookie } : {}), ...request.headers };
  const options: InjectOptions = {
    method,
    url: request.url,
    remoteAddress: nextIp(),
    headers: Object.fromEntries(
      Object.entries(headers).filter(([, v]) => v !== undefined),
    ) as Record<string, string>,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  return ctx.app.inject(options);
}

async function expectOk(response: ReturnType<typeof send>) {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`setup call refused: ${res.statusCode} ${res.body}`);
  return res;
}

/** A new user with a live temporary password (as an administrator would issue it). */
export async function temporaryPasswordOfNewUser(world: World) {
  const { email } = await signUp(world.ctx.app);
  const db = world.ctx.database.db;
  const { temporaryPassword } = await issueTemporaryPassword({ db, now: () => new Date() }, email);
  return { email, temporaryPassword };
}

/** A token no link ever carried, in the shape of a real one. */
export const madeUpToken = () => randomBytes(32).toString('base64url');

let snapshotQuery: Promise<string> | undefined;

/**
 * Everything the user owns, as rows: their users row, every row of every application table
 * with a user_id column (found in the catalogue, so a new table is covered without a change
 * here), the jobs that name them, and the rate-limit counts kept against their id or address.
 * One query.
 */
export async function snapshotOf(ctx: TestContext, who: Pick<Actor, 'userId' | 'email'>) {
  const { pool } = ctx.database;
  snapshotQuery ??= pool
    .query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    )
    .then(({ rows }) => {
      const rowsOf = (from: string, where: string) =>
        `(select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]') from ${from} t where ${where})`;
      const parts = [
        `'users', ${rowsOf('users', 't.id = $1')}`,
        `'jobs', ${rowsOf('jobs', "t.payload->>'userId' = $1::text or t.payload->>'to' = $2")}`,
        `'rate_limit_events', ${rowsOf(
          'rate_limit_events',
          "t.bucket like '%:user:' || $1::text or right(t.bucket, length($2) + 1) = ':' || $2",
        )}`,
        ...rows.map(
          ({ table_name }) => `'${table_name}', ${rowsOf(`"${table_name}"`, 't.user_id = $1')}`,
        ),
      ];
      return `select jsonb_build_object(${parts.join(', ')}) as snapshot`;
    });
  const { rows } = await pool.query<{ snapshot: Record<string, unknown[]> }>(await snapshotQuery, [
    who.userId,
    who.email,
  ]);
  return rows[0]?.snapshot ?? {};
}
