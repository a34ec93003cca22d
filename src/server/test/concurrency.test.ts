/**
 * Concurrent writers of the same user. Every write route of the route table (POST, PUT, PATCH,
 * DELETE) is run against itself (PARALLEL copies at once) and against the deletes of what it
 * touches (its employer, its work log, the Notion connection, the picture, the account), each
 * on a user of its own. Whatever the interleaving: no answer is a 5xx; a success is one the
 * route documents; a refusal is a 4xx with a message; and afterwards the user's rows are
 * consistent (no orphans, counts that add up).
 * See docs/decisions/029-races-transactions-and-overload.md.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTemporaryPassword } from '../features/admin/admin.service.ts';
import { createTestApp, signUp, type TestContext } from './app.ts';
import {
  type Actor,
  makeActor,
  nextDate,
  notionBody,
  OWN_ORIGIN,
  type Request,
  resources,
  send,
  timesheetBody,
  unique,
  uploadPayStub,
  uploadPicture,
  uploadReceipt,
  type World,
  workLogBody,
} from './authz-matrix.fixtures.ts';
import { addEmployer, addWorkLog } from './factories.ts';
import {
  connectGmail,
  startTestGmailApi,
  startTestOAuth,
  type TestGmailApi,
  type TestOAuth,
  testGmailConfig,
} from './gmail.ts';
import { startTestNotion, type TestNotion } from './notion.ts';
import { makePng } from './profile-images.ts';

/** Copies of one request sent at once. */
const PARALLEL = 8;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
type Call = Request & { method: Method };

/** The owner of each case: makeActor's (employer, work log, picture, Notion) plus the log's id. */
interface Owner extends Actor {
  logId: number;
  /** A temporary password issued for the owner, or the token of a mailed link. */
  temporaryPassword?: string;
  /** A mail send of the owner's, when the case made one. */
  sendId?: number;
  /** A generated timesheet of the owner's, when the case made one. */
  timesheetId?: number;
  /** A second employer of the owner's, and an overtime group of the two, when the case made them. */
  mateId?: number;
  groupId?: number;
  /** A payment of the owner's, when the case made one. */
  paymentId?: number;
  /** The Undo of the owner's shift just deleted, when the case made one. */
  undoToken?: string;
}

/** What a route touches that another request can delete meanwhile. */
const DELETES = {
  employer: (o: Owner): Call => ({ method: 'DELETE', url: `/api/employers/${o.employerId}` }),
  workLog: (o: Owner): Call => ({ method: 'DELETE', url: `/api/work-logs/${o.logId}` }),
  notion: (): Call => ({ method: 'POST', url: '/api/notion/disconnect' }),
  picture: (): Call => ({ method: 'DELETE', url: '/api/auth/remove-profile-image' }),
  payment: (o: Owner): Call => ({ method: 'DELETE', url: `/api/payments/${o.paymentId}` }),
  account: (o: Owner): Call => ({
    method: 'POST',
    url: '/api/account/delete',
    payload: { password: o.password },
  }),
};
type Target = keyof typeof DELETES;

interface Case {
  /** The i-th of the parallel requests. */
  call: (owner: Owner, i: number) => Request | Promise<Request>;
  /** Whose session sends it: the owner's (default), an administrator's, or none. */
  as?: 'admin' | 'anonymous';
  /** The deletes it is raced against, one at a time, each on a fresh owner. */
  against: Target[];
  /** Prepared before the race (a temporary password, a Gmail connection). */
  prepare?: (owner: Owner) => Promise<void>;
  /**
   * Rows each success adds to (or, negative, takes from) one of the owner's tables; `once`: the
   * copies are identical and all successes together add `per` (no twins).
   */
  adds?: { table: 'employers' | 'work_logs' | 'timesheets'; per: number; once?: boolean };
  /** At most one of the parallel copies may succeed (a one-time thing). */
  atMostOne?: boolean;
  /** Each copy is sent this many times in a row (default once). */
  repeat?: number;
  /** Copies at once, when not PARALLEL. */
  parallel?: number;
}

/** A second employer of the owner's, for an overtime group. */
async function secondEmployer(o: Owner): Promise<number> {
  const res = await send(
    ctx,
    'POST',
    { url: '/api/employers', payload: { name: `Mate ${unique()}`, hourlyRate: '25' } },
    o.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A payment received from the owner's employer. */
async function paymentOf(o: Owner): Promise<number> {
  const res = await send(
    ctx,
    'POST',
    {
      url: '/api/payments',
      payload: { employerId: o.employerId, amount: '40.00', receivedOn: '2026-08-14' },
    },
    o.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** An overtime group of the owner's employer and a second one. */
async function groupOf(o: Owner): Promise<number> {
  o.mateId = await secondEmployer(o);
  const res = await send(
    ctx,
    'POST',
    {
      url: '/api/employer-groups',
      payload: { name: `Group ${unique()}`, employerIds: [o.employerId, o.mateId] },
    },
    o.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

let notion: TestNotion;
let oauth: TestOAuth;
let gmailApi: TestGmailApi;
let ctx: TestContext;
let world: World;

const writeRoute = ({ method }: { method: string }) =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

const PASSWORD = 'racing along many lanes';

/**
 * A user like the authorization matrix's owner (an employer, a work log, a picture, Notion
 * connected), made quickly: the connection row is copied from the first owner's (same fake
 * database and token) instead of asking Notion again.
 */
async function newOwner(): Promise<Owner> {
  const { app, database } = ctx;
  const session = await signUp(app, { password: PASSWORD });
  await database.pool.query(
    `insert into notion_connections (user_id, token_sealed, database_id, data_source_id,
                                     database_title, title_property, state)
     select $1, token_sealed, database_id, data_source_id, database_title, title_property, state
       from notion_connections where user_id = $2`,
    [session.userId, world.owner.userId],
  );
  const owner: Owner = {
    ...session,
    password: PASSWORD,
    employerId: 0,
    notionDatabase: world.owner.notionDatabase,
    logId: 0,
  };
  const [employer] = await Promise.all([
    addEmployer(app, owner, { name: `Harbour ${unique()}`, hourlyRate: '24' }),
    makePng(40, 40).then((png) => send(ctx, 'POST', uploadPicture(png), owner.cookie)),
  ]);
  owner.employerId = employer.id;
  owner.logId = (await addWorkLog(app, owner, workLogBody(owner))).id;
  return owner;
}

async function withTemporaryPassword(owner: Owner) {
  const db = ctx.database.db;
  const issued = await issueTemporaryPassword({ db, now: () => new Date() }, owner.email);
  owner.temporaryPassword = issued.temporaryPassword;
}

async function withGmail(owner: Actor) {
  const { location } = await connectGmail(ctx.app, owner);
  if (!location.includes('result=connected')) throw new Error(`gmail not connected: ${location}`);
}

/**
 * 300 more logs, mirrored (a page id each), then edited in random halves three times, so their
 * rows lie in the table in an order unlike the order their newer versions will take.
 */
async function withManyMirroredLogs(owner: Owner) {
  const { pool } = ctx.database;
  await pool.query(
    `insert into work_logs (user_id, employer_id, date, start_time, end_time, notion_page_id, notion_sync_state)
     select $1, $2, date '2024-01-01' + (g % 3), '09:00', '17:00', 'page-' || g, 'synced'
       from generate_series(1, 300) g`,
    [owner.userId, owner.employerId],
  );
  for (let pass = 0; pass < 3; pass++) {
    await pool.query(
      `update work_logs set note = repeat('x', (random() * 200)::int)
        where user_id = $1 and random() < 0.5`,
      [owner.userId],
    );
  }
}

/** The owner's log gains an expense to be paid back, so a receipt can go on it. */
async function withExpense(owner: Owner) {
  const res = await send(
    ctx,
    'PATCH',
    {
      url: `/api/work-logs/${owner.logId}`,
      payload: { expenseAmount: '8.75', expenseNote: 'Parking' },
    },
    owner.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
}

const newPassword = 'a new and much longer passphrase';

/** One case per write route of the route table. */
const CASES: Record<string, Case> = {
  'POST /api/auth/register': {
    // The same new address eight times: one account, the rest told it is taken.
    as: 'anonymous',
    call: (owner) => {
      const email = `twin-${owner.userId}@example.com`;
      return {
        url: '/api/auth/register',
        payload: { email, password: newPassword, confirmPassword: newPassword },
      };
    },
    against: [],
    atMostOne: true,
  },
  'POST /api/auth/login': {
    as: 'anonymous',
    call: (o) => ({ url: '/api/auth/login', payload: { email: o.email, password: o.password } }),
    against: ['account'],
  },
  'POST /api/auth/logout': { call: () => ({ url: '/api/auth/logout' }), against: ['account'] },
  'POST /api/auth/check-email-exists': {
    call: () => ({
      url: '/api/auth/check-email-exists',
      payload: { email: `x-${unique()}@example.com` },
    }),
    against: ['account'],
  },
  'POST /api/auth/forgot-password': {
    as: 'anonymous',
    call: (o) => ({ url: '/api/auth/forgot-password', payload: { email: o.email } }),
    against: ['account'],
  },
  'POST /api/auth/verify-temporary-password': {
    as: 'anonymous',
    prepare: withTemporaryPassword,
    call: (o) => ({
      url: '/api/auth/verify-temporary-password',
      payload: { email: o.email, temporaryPassword: o.temporaryPassword },
    }),
    against: ['account'],
  },
  'POST /api/auth/reset-password': {
    as: 'anonymous',
    prepare: withTemporaryPassword,
    call: (o) => ({
      url: '/api/auth/reset-password',
      payload: { email: o.email, temporaryPassword: o.temporaryPassword, newPassword },
    }),
    against: ['account'],
    atMostOne: true,
  },
  'POST /api/auth/change-email': {
    call: () => ({
      url: '/api/auth/change-email',
      payload: { newEmail: `moved-${unique()}@example.com` },
    }),
    against: ['account'],
  },
  // A confirmation link of the account's own address: only the newest one works.
  'POST /api/auth/confirm-email': {
    call: () => ({ url: '/api/auth/confirm-email' }),
    against: ['account'],
  },
  // A GET that writes: the mailed link moves the account to the new address, once.
  'GET /api/auth/verify-email': {
    prepare: async (o) => {
      o.temporaryPassword = String(await resources.emailChangeToken(world, o));
    },
    call: (o) => ({
      url: `/api/auth/verify-email?token=${encodeURIComponent(o.temporaryPassword ?? '')}`,
    }),
    against: ['account'],
    atMostOne: true,
  },
  'POST /api/auth/gmail/revoke': {
    prepare: withGmail,
    call: () => ({ url: '/api/auth/gmail/revoke' }),
    against: ['account'],
  },
  'POST /api/send-email-gmail': {
    prepare: withGmail,
    call: () => ({
      url: '/api/send-email-gmail',
      payload: { to: 'payroll@example.com', subject: 'My hours', body: 'Attached.' },
    }),
    against: ['account'],
  },
  // "Send again" of a mail Gmail took without answering: queued again once.
  'POST /api/send-email-gmail/:id/resend': {
    prepare: async (o) => {
      await withGmail(o);
      o.sendId = await resources.mailSend(world, o);
      await ctx.database.pool.query(
        `update mail_sends set status = 'unconfirmed', error = 'No answer from Gmail' where id = $1`,
        [o.sendId],
      );
    },
    call: (o) => ({ url: `/api/send-email-gmail/${o.sendId}/resend` }),
    against: ['account'],
    atMostOne: true,
  },
  'POST /api/admin/temporary-password': {
    as: 'admin',
    call: (o) => ({ url: '/api/admin/temporary-password', payload: { userEmail: o.email } }),
    against: ['account'],
  },
  'POST /api/admin/send-temp-password-email': {
    as: 'admin',
    prepare: async (o) => {
      await withGmail(world.admin);
      const res = await send(
        ctx,
        'POST',
        { url: '/api/admin/temporary-password', payload: { userEmail: o.email } },
        world.admin.cookie,
      );
      if (res.statusCode !== 200) throw new Error(`temporary password refused: ${res.body}`);
      o.temporaryPassword = res.json().temporaryPassword;
    },
    call: (o) => ({
      url: '/api/admin/send-temp-password-email',
      payload: { userEmail: o.email, temporaryPassword: o.temporaryPassword },
    }),
    against: ['account'],
  },
  // These two call Notion, which takes about 3 calls a second per token (the client paces
  // them): more copies would only wait in line.
  'POST /api/notion/connect': {
    parallel: 4,
    call: (o) => ({ url: '/api/notion/connect', payload: notionBody(o) }),
    against: ['notion', 'account'],
  },
  'POST /api/notion/properties': {
    parallel: 4,
    call: () => ({ url: '/api/notion/properties' }),
    against: ['notion', 'account'],
  },
  'POST /api/notion/sync/:id': {
    call: (o) => ({ url: `/api/notion/sync/${o.logId}` }),
    against: ['workLog', 'employer', 'notion'],
  },
  'POST /api/notion/disconnect': {
    // Many mirrored logs, their rows scattered over the table's pages by earlier edits: two
    // disconnects that saw them in different orders used to deadlock (500).
    prepare: withManyMirroredLogs,
    call: () => ({ url: '/api/notion/disconnect' }),
    repeat: 3,
    against: ['account', 'employer'],
  },
  'POST /api/auth/upload-profile-image': {
    call: async () => uploadPicture(await makePng(40, 40)),
    against: ['picture', 'account'],
  },
  'DELETE /api/auth/remove-profile-image': {
    call: () => ({ url: '/api/auth/remove-profile-image' }),
    against: ['account'],
  },
  'POST /api/auth/change-password': {
    call: (o) => ({
      url: '/api/auth/change-password',
      payload: { currentPassword: o.password, newPassword },
    }),
    against: ['account'],
    atMostOne: true,
  },
  'POST /api/account/delete': {
    call: (o) => ({ url: '/api/account/delete', payload: { password: o.password } }),
    against: ['employer', 'notion'],
    atMostOne: true,
  },
  'PATCH /api/settings/general': {
    call: (_o, i) => ({ url: '/api/settings/general', payload: { firstName: `Robin ${i}` } }),
    against: ['account'],
  },
  'PATCH /api/settings/export': {
    call: (_o, i) => ({ url: '/api/settings/export', payload: { includeSummary: i % 2 === 0 } }),
    against: ['account'],
  },
  'PATCH /api/settings/theme': {
    call: (_o, i) => ({ url: '/api/settings/theme', payload: { theme: i % 2 ? 'dark' : 'light' } }),
    against: ['account'],
  },
  'POST /api/employers': {
    call: () => ({
      url: '/api/employers',
      payload: { name: `Riverside ${unique()}`, hourlyRate: '25' },
    }),
    against: ['account'],
    adds: { table: 'employers', per: 1 },
  },
  'PATCH /api/employers/:id': {
    // Renames re-mirror the employer's logs to Notion: locks on the employer and its logs.
    call: (o, i) => ({
      url: `/api/employers/${o.employerId}`,
      payload: {
        name: `Renamed ${i} ${unique()}`,
        hourlyRate: `${20 + i}.00`,
        applyChange: { from: 'every' },
      },
    }),
    against: ['employer', 'notion', 'account'],
  },
  'POST /api/employers/:id/change-preview': {
    call: (o, i) => ({
      url: `/api/employers/${o.employerId}/change-preview`,
      payload: { hourlyRate: `${30 + i}.00`, applyChange: { from: 'every' } },
    }),
    against: ['employer', 'account'],
  },
  // Holiday dates: each save pays the week of its date again, raced against the employer going.
  'POST /api/employers/:id/holidays': {
    call: (o, i) => ({
      url: `/api/employers/${o.employerId}/holidays`,
      payload: { date: `2026-08-${String(10 + (i % 10)).padStart(2, '0')}`, name: `Day ${i}` },
    }),
    against: ['employer', 'account'],
  },
  'DELETE /api/employers/:id/holidays/:date': {
    // Prepared with one date of its own; the copies race to take it off (one 200, the rest 404).
    prepare: async (o) => {
      const res = await send(
        ctx,
        'POST',
        {
          url: `/api/employers/${o.employerId}/holidays`,
          payload: { date: '2026-08-12', name: 'Museum day' },
        },
        o.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
    },
    call: (o) => ({ url: `/api/employers/${o.employerId}/holidays/2026-08-12` }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  // Payments: each save reads the employer's periods to match itself, raced against it going.
  'POST /api/payments': {
    call: (o, i) => ({
      url: '/api/payments',
      payload: { employerId: o.employerId, amount: `${10 + i}.00`, receivedOn: '2026-08-14' },
    }),
    against: ['employer', 'account'],
  },
  'PATCH /api/payments/:id': {
    prepare: async (o) => {
      o.paymentId = await paymentOf(o);
    },
    call: (o, i) => ({
      url: `/api/payments/${o.paymentId}`,
      payload: { amount: `${20 + i}.00`, note: `Try ${i}` },
    }),
    against: ['employer', 'account'],
  },
  'DELETE /api/payments/:id': {
    prepare: async (o) => {
      o.paymentId = await paymentOf(o);
    },
    call: (o) => ({ url: `/api/payments/${o.paymentId}` }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  // A payment's pay stub (decision 043): uploads replace each other, raced against the payment,
  // its employer or the account going; a file never outlives its payment (foreign key).
  'PUT /api/payments/:id/file': {
    prepare: async (o) => {
      o.paymentId = await paymentOf(o);
    },
    call: (o) => uploadPayStub(o.paymentId ?? 0),
    against: ['payment', 'employer', 'account'],
  },
  'DELETE /api/payments/:id/file': {
    prepare: async (o) => {
      o.paymentId = await paymentOf(o);
      const res = await send(ctx, 'PUT', uploadPayStub(o.paymentId), o.cookie);
      expect(res.statusCode, res.body).toBe(200);
    },
    call: (o) => ({ url: `/api/payments/${o.paymentId}/file` }),
    against: ['payment', 'employer', 'account'],
    atMostOne: true,
  },
  // A shift's receipt (decision 046): uploads replace each other, raced against the shift, its
  // employer or the account going; a receipt never outlives its shift (foreign key).
  'PUT /api/work-logs/:id/receipt': {
    prepare: withExpense,
    call: (o) => uploadReceipt(o.logId),
    against: ['workLog', 'employer', 'account'],
  },
  'DELETE /api/work-logs/:id/receipt': {
    prepare: async (o) => {
      await withExpense(o);
      const res = await send(ctx, 'PUT', uploadReceipt(o.logId), o.cookie);
      expect(res.statusCode, res.body).toBe(200);
    },
    call: (o) => ({ url: `/api/work-logs/${o.logId}/receipt` }),
    against: ['workLog', 'employer', 'account'],
    atMostOne: true,
  },
  // Closing a period: one closure at a time (the rest 409); reopening: one succeeds (the rest 404).
  'POST /api/payments/periods/close': {
    call: (o) => ({
      url: '/api/payments/periods/close',
      payload: { employerId: o.employerId, periodStart: '2024-01-07' },
    }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  'POST /api/payments/periods/reopen': {
    prepare: async (o) => {
      const res = await send(
        ctx,
        'POST',
        {
          url: '/api/payments/periods/close',
          payload: { employerId: o.employerId, periodStart: '2024-01-07' },
        },
        o.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
    },
    call: (o, i) => ({
      url: '/api/payments/periods/reopen',
      payload: { employerId: o.employerId, periodStart: '2024-01-07', reason: `Reason ${i}` },
    }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  // Overtime groups: each save pays both employers' shifts again, raced against one going.
  'POST /api/employer-groups': {
    prepare: async (o) => {
      o.mateId = await secondEmployer(o);
    },
    // The copies race for the same two employers: one group, the rest 409.
    call: (o, i) => ({
      url: '/api/employer-groups',
      payload: { name: `Group ${i} ${unique()}`, employerIds: [o.employerId, o.mateId] },
    }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  'PATCH /api/employer-groups/:id': {
    prepare: async (o) => {
      o.groupId = await groupOf(o);
    },
    call: (o, i) => ({
      url: `/api/employer-groups/${o.groupId}`,
      payload: { overtime: { preset: i % 2 ? 'usFederal' : 'california' } },
    }),
    against: ['employer', 'account'],
  },
  'DELETE /api/employer-groups/:id': {
    prepare: async (o) => {
      o.groupId = await groupOf(o);
    },
    call: (o) => ({ url: `/api/employer-groups/${o.groupId}` }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  'DELETE /api/employers/:id': {
    call: (o) => ({ url: `/api/employers/${o.employerId}` }),
    against: ['workLog', 'notion', 'account'],
    atMostOne: true,
    adds: { table: 'employers', per: -1 },
  },
  'POST /api/work-logs': {
    call: (o) => ({ url: '/api/work-logs', payload: workLogBody(o) }),
    against: ['employer', 'notion', 'account'],
    adds: { table: 'work_logs', per: 1 },
  },
  // Reads the week and stores nothing; raced against the shift and employer going away.
  'POST /api/work-logs/pay-preview': {
    call: (o) => ({
      url: '/api/work-logs/pay-preview',
      payload: { ...workLogBody(o), id: o.logId },
    }),
    against: ['workLog', 'employer', 'account'],
  },
  'PATCH /api/work-logs/:id': {
    call: (o, i) => ({
      url: `/api/work-logs/${o.logId}`,
      payload: { note: `Edit ${i}`, date: nextDate() },
    }),
    against: ['workLog', 'employer', 'notion', 'account'],
  },
  'DELETE /api/work-logs/:id': {
    call: (o) => ({ url: `/api/work-logs/${o.logId}` }),
    against: ['employer', 'notion', 'account'],
    atMostOne: true,
    adds: { table: 'work_logs', per: -1 },
  },
  // Copies of the shift, each on its own day; raced against the shift and employer going away.
  'POST /api/work-logs/:id/duplicate': {
    call: (o) => ({
      url: `/api/work-logs/${o.logId}/duplicate`,
      payload: { dates: [nextDate()] },
    }),
    against: ['workLog', 'employer', 'notion', 'account'],
    adds: { table: 'work_logs', per: 1 },
  },
  'POST /api/work-logs/bulk': {
    call: (o) => ({
      url: '/api/work-logs/bulk',
      payload: { ids: [o.logId], action: 'set_department', department: null },
    }),
    against: ['workLog', 'employer', 'notion', 'account'],
  },
  // The week grid's save: a new shift on a day of its own and the shift changed, together.
  'POST /api/work-logs/week': {
    call: (o) => ({
      url: '/api/work-logs/week',
      payload: {
        create: [workLogBody(o)],
        update: [{ id: o.logId, startTime: '06:00', endTime: '07:00', breakDuration: 0 }],
      },
    }),
    against: ['workLog', 'employer', 'notion', 'account'],
    adds: { table: 'work_logs', per: 1 },
  },
  // Undo of a delete (decision 048): one restore puts the shift back, the rest find the token
  // used (404); raced against its employer, the mirror and the account going away.
  'POST /api/work-logs/restore': {
    prepare: async (o) => {
      const res = await send(ctx, 'DELETE', { url: `/api/work-logs/${o.logId}` }, o.cookie);
      expect(res.statusCode, res.body).toBe(200);
      o.undoToken = res.json().undoToken;
    },
    call: (o) => ({ url: '/api/work-logs/restore', payload: { token: o.undoToken } }),
    against: ['employer', 'notion', 'account'],
    atMostOne: true,
    adds: { table: 'work_logs', per: 1 },
  },
  // The timer (decision 044): one per user, so one start wins and the rest are 409; one stop
  // saves the shift and the rest find no timer (404); switches run one after another.
  'POST /api/timer/start': {
    call: (o) => ({ url: '/api/timer/start', payload: { employerId: o.employerId } }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  'POST /api/timer/switch': {
    prepare: async (o) => {
      o.mateId = await resources.runningTimer(world, o);
    },
    call: (o) => ({ url: '/api/timer/switch', payload: { employerId: o.mateId } }),
    against: ['employer', 'account'],
  },
  'POST /api/timer/pause': {
    prepare: async (o) => {
      await resources.runningTimer(world, o);
    },
    call: () => ({ url: '/api/timer/pause', payload: {} }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  'POST /api/timer/resume': {
    prepare: async (o) => {
      await resources.pausedTimer(world, o);
    },
    call: () => ({ url: '/api/timer/resume', payload: {} }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  'POST /api/timer/stop': {
    prepare: async (o) => {
      await resources.runningTimer(world, o);
    },
    call: () => ({ url: '/api/timer/stop', payload: {} }),
    against: ['employer', 'account'],
    atMostOne: true,
    adds: { table: 'work_logs', per: 1 },
  },
  'DELETE /api/timer': {
    prepare: async (o) => {
      await resources.runningTimer(world, o);
    },
    call: () => ({ url: '/api/timer', payload: {} }),
    against: ['employer', 'account'],
    atMostOne: true,
  },
  // The calendar feed (decision 047): one per user, so parallel makes leave one URL working
  // (the last); one revoke takes it and the rest find none (404).
  'POST /api/calendar-feed': {
    call: () => ({ url: '/api/calendar-feed', payload: {} }),
    against: ['account'],
  },
  'DELETE /api/calendar-feed': {
    prepare: async (o) => {
      await resources.calendarFeed(world, o);
    },
    call: () => ({ url: '/api/calendar-feed', payload: {} }),
    against: ['account'],
    atMostOne: true,
  },
  'POST /api/timesheets/generate': {
    call: (o) => ({ url: '/api/timesheets/generate', payload: timesheetBody(o) }),
    against: ['employer', 'account'],
    // Identical copies make one report; the others refresh it (docs/product/screens.md#timesheet-reports).
    adds: { table: 'timesheets', per: 1, once: true },
  },
  // Deleting a history row: one copy takes it, the others find it gone (404), its file too.
  'DELETE /api/timesheets/:id': {
    prepare: async (o) => {
      o.timesheetId = await resources.timesheet(world, o);
    },
    call: (o) => ({ url: `/api/timesheets/${o.timesheetId}` }),
    against: ['employer', 'account'],
    atMostOne: true,
    adds: { table: 'timesheets', per: -1 },
  },
};

beforeAll(async () => {
  [notion, oauth, gmailApi] = await Promise.all([
    startTestNotion(),
    startTestOAuth(),
    startTestGmailApi(),
  ]);
  ctx = await createTestApp({
    publicUrl: OWN_ORIGIN,
    notionApiUrl: notion.url,
    gmail: testGmailConfig(oauth, gmailApi),
  });
  const base = { ctx, notion };
  const [owner, other, admin] = await Promise.all([
    makeActor(base, 'owner'),
    makeActor(base, 'other', { bare: true }),
    makeActor(base, 'admin', { bare: true }),
  ]);
  world = { ...base, owner, other, admin };
}, 30_000);
afterAll(async () => {
  await Promise.all([notion?.close(), oauth?.close(), gmailApi?.close()]);
});

/** The statuses a route documents (its response schema). */
function documented(key: string): number[] {
  const route = ctx.app.routeTable.find((r) => `${r.method} ${r.url}` === key);
  const response = (route?.schema as { response?: Record<string, unknown> } | undefined)?.response;
  return Object.keys(response ?? {}).map(Number);
}

/** What is wrong with one answer, if anything. */
function wrongAnswer(key: string, res: { statusCode: number; body: string }): string | undefined {
  const what = `${key} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return `a server error: ${what}`;
  if (res.statusCode < 400) {
    return documented(key).includes(res.statusCode)
      ? undefined
      : `an undocumented success: ${what}`;
  }
  let message: unknown;
  try {
    message = (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    // not JSON: no message
  }
  return typeof message === 'string' && message.length > 0
    ? undefined
    : `a refusal without a message: ${what}`;
}

let userColumnsQuery: Promise<string[]> | undefined;

/**
 * The user's rows that break a rule, by name: none, whatever ran. An account that is gone has
 * no rows anywhere; one that exists has its settings; a timesheet has its document; a log its
 * employer; a picture is stored exactly when the user points at one; without a Notion
 * connection no log shows a mirror state.
 */
async function inconsistencies(userId: number): Promise<string[]> {
  const { pool } = ctx.database;
  userColumnsQuery ??= pool
    .query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    )
    .then(({ rows }) => rows.map((r) => r.table_name));
  const tables = await userColumnsQuery;
  const { rows } = await pool.query<{ problem: string | null }>(
    `select unnest(array[
       case when not exists (select 1 from users where id = $1)
             and (${tables.map((t) => `exists (select 1 from "${t}" where user_id = $1)`).join(' or ')})
            then 'rows left behind by a deleted account' end,
       case when exists (select 1 from users where id = $1)
             and (select count(*) from settings where user_id = $1) <> 1
            then 'a user without exactly one settings row' end,
       case when exists (select 1 from timesheets t where t.user_id = $1
                          and not exists (select 1 from timesheet_documents d where d.timesheet_id = t.id))
            then 'a timesheet without its document' end,
       case when exists (select 1 from timesheet_documents d where d.user_id = $1
                          and not exists (select 1 from timesheets t where t.id = d.timesheet_id))
            then 'a document without its timesheet' end,
       case when exists (select 1 from work_logs l where l.user_id = $1
                          and not exists (select 1 from employers e where e.id = l.employer_id and e.user_id = $1))
            then 'a work log without its employer' end,
       case when exists (select 1 from users u where u.id = $1
                          and (u.profile_image_url is not null) <> exists (select 1 from profile_images p where p.user_id = $1))
            then 'a picture pointed at but not stored, or stored but not pointed at' end,
       case when not exists (select 1 from notion_connections c where c.user_id = $1)
             and exists (select 1 from work_logs l where l.user_id = $1
                          and (l.notion_sync_state is not null or l.notion_page_id is not null))
            then 'a mirror state without a Notion connection' end
     ]) as problem`,
    [userId],
  );
  return rows.map((r) => r.problem).filter((p): p is string => p !== null);
}

async function countOf(table: string, userId: number): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    `select count(*)::int as n from "${table}" where user_id = $1`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

function sendAs(who: Case['as'], owner: Owner, method: Method, request: Request) {
  const cookie =
    who === 'anonymous' ? undefined : who === 'admin' ? world.admin.cookie : owner.cookie;
  return send(ctx, method, request, cookie);
}

/** Runs one round: the copies, and maybe one delete, all at once; checks every answer. */
async function race(key: string, entry: Case, against?: Target) {
  const [method] = key.split(' ') as [Method];
  const owner = await newOwner();
  await entry.prepare?.(owner);
  const counted = entry.adds ? await countOf(entry.adds.table, owner.userId) : 0;
  const parallel = entry.parallel ?? PARALLEL;
  const copies = against ? Math.ceil(parallel / 2) : parallel;
  const requests = await Promise.all(
    Array.from({ length: copies }, (_, i) => entry.call(owner, i)),
  );
  const deletion = against ? DELETES[against](owner) : undefined;
  const [deleted, ...answers] = await Promise.all([
    deletion ? send(ctx, deletion.method, deletion, owner.cookie) : undefined,
    ...requests.map(async (request) => {
      // Each copy a lane of `repeat` calls one after another: a call then often starts while
      // another lane's transaction is half done.
      let res = await sendAs(entry.as, owner, method, request);
      for (let n = 1; n < (entry.repeat ?? 1); n++) {
        const again = await sendAs(entry.as, owner, method, request);
        res = wrongAnswer(key, res) ? res : again;
      }
      return res;
    }),
  ]);
  const wrong = answers.map((res) => wrongAnswer(key, res));
  if (deleted && deletion) {
    wrong.push(
      wrongAnswer(`${deletion.method} ${deletion.url.replace(/\/\d+$/, '/:id')}`, deleted),
    );
  }
  const successes = answers.filter((res) => res.statusCode < 300).length;
  const problems = [...wrong.filter(Boolean), ...(await inconsistencies(owner.userId))];
  if (entry.atMostOne && successes > 1)
    problems.push(`${successes} copies succeeded, at most one may`);
  if (entry.adds && !(against && deleted && deleted.statusCode < 300)) {
    const now = await countOf(entry.adds.table, owner.userId);
    const times = entry.adds.once ? Math.min(1, successes) : successes;
    const expected = Math.max(0, counted + entry.adds.per * times);
    if (now !== expected) problems.push(`${entry.adds.table}: ${now} rows, expected ${expected}`);
  }
  return { problems, statuses: answers.map((r) => r.statusCode), deleted: deleted?.statusCode };
}

describe('concurrent writes', () => {
  it('has a case for every write route in the route table, and none for a route not in it', () => {
    const writes = ctx.app.routeTable.filter(writeRoute).map((r) => `${r.method} ${r.url}`);
    const routes = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const missing = writes.filter((key) => !(key in CASES));
    const stale = Object.keys(CASES).filter((key) => !routes.includes(key));
    expect(
      { missing, stale },
      'every write route needs a case (missing), every case a route (stale)',
    ).toEqual({
      missing: [],
      stale: [],
    });
  });

  for (const [key, entry] of Object.entries(CASES)) {
    const rounds = [undefined, ...entry.against];
    it(`${key}: ${entry.parallel ?? PARALLEL} at once${entry.against.length ? `, and against deleting the ${entry.against.join(', the ')}` : ''}`, async () => {
      for (const against of rounds) {
        const { problems, statuses, deleted } = await race(key, entry, against);
        expect
          .soft(
            problems,
            `${against ? `against deleting the ${against}` : 'against itself'}: ${statuses.join(' ')}${deleted ? ` (delete: ${deleted})` : ''}`,
          )
          .toEqual([]);
      }
    });
  }
});

/**
 * Interleavings too narrow to hit by chance, made to happen: the test's own hook on the
 * driver runs another request at one chosen point of a write, then lets the write go on.
 */
describe('a chosen interleaving', () => {
  type QueryArgs = [unknown, ...unknown[]];
  const original = pg.Client.prototype.query as (...args: QueryArgs) => unknown;

  /**
   * Runs `between` once, right after the first statement matching `after` and before the next
   * statement (any connection) that is not a COMMIT; waits for it at most `waitMs` (it may be
   * blocked by the write's own locks, which is the point).
   */
  function interleave(after: RegExp, between: () => Promise<unknown>, waitMs = 500) {
    let state: 'waiting' | 'armed' | 'done' = 'waiting';
    let ran: Promise<unknown> | undefined;
    pg.Client.prototype.query = function (this: pg.Client, ...args: QueryArgs) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (state === 'waiting' && text && after.test(text)) state = 'armed';
      else if (state === 'armed' && text && !/^commit/i.test(text)) {
        state = 'done';
        ran = between();
        const pause = Promise.race([ran, new Promise((r) => setTimeout(r, waitMs))]);
        const callback = args.at(-1);
        const run = pause.then(() => original.apply(this, args));
        if (typeof callback === 'function') {
          run.catch(callback as (error: unknown) => void);
          return undefined;
        }
        return run;
      }
      return original.apply(this, args);
    } as typeof pg.Client.prototype.query;
    return {
      ran: () => ran,
      restore: () => {
        pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
      },
    };
  }

  it('a timesheet whose employer is deleted just after it is stored answers 201 or 404, never 500', async () => {
    const owner = await newOwner();
    const deleteEmployer = DELETES.employer(owner);
    const hook = interleave(/^insert into "timesheet_documents"/i, () =>
      send(ctx, deleteEmployer.method, deleteEmployer, owner.cookie),
    );
    let generated: Awaited<ReturnType<typeof send>>;
    try {
      const request = { url: '/api/timesheets/generate', payload: timesheetBody(owner) };
      generated = await send(ctx, 'POST', request, owner.cookie);
    } finally {
      hook.restore();
    }
    const deleted = (await hook.ran()) as Awaited<ReturnType<typeof send>> | undefined;
    expect(deleted?.statusCode, 'the delete ran in between').toBe(200);
    expect([201, 404], generated.body).toContain(generated.statusCode);
    if (generated.statusCode === 201) {
      expect(generated.json().timesheet.employerId).toBe(owner.employerId);
    } else {
      expect(generated.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    }
    // The employer went, and its timesheets with it.
    expect(await countOf('timesheets', owner.userId)).toBe(0);
    expect(await inconsistencies(owner.userId)).toEqual([]);
  });
});
