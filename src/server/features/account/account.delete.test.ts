import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerifications,
  gmailAuthorizations,
  gmailTokens,
  mailSends,
  notionConnections,
  profileImages,
  sessions,
  timesheetDocuments,
  timesheets,
  users,
} from '../../db/schema/index.ts';
import {
  callApi,
  cookieOf,
  createTestApp,
  nextIp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { MULTIPART_TYPE, multipartBody } from '../../test/profile-images.ts';
import { sweepReminders } from '../reminders/reminders.service.ts';

let ctx: TestContext;
let userTables: string[];
const PASSWORD = 'my own long password';

beforeAll(async () => {
  ctx = await createTestApp();
  const result = await ctx.database.pool.query<{ table_name: string }>(
    `select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  userTables = result.rows.map((row) => row.table_name);
});

const remove = (cookie: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: cookie ? { cookie } : {},
    payload,
  });
const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** A user with a row in every table that holds a user's data. */
async function userWithEverything(): Promise<Session & { otherCookie: string }> {
  const who = await signUp(ctx.app, { password: PASSWORD });
  const employer = await addEmployer(ctx.app, who, { name: 'Harbour Cafe', hourlyRate: '18.00' });
  await addWorkLog(ctx.app, who, {
    employerId: employer.id,
    date: '2026-02-02',
    startTime: '08:00',
    endTime: '12:00',
    breakDuration: 0,
  });
  // A shift deleted a moment ago, kept for its Undo (decision 048).
  const deleted = await addWorkLog(ctx.app, who, {
    employerId: employer.id,
    date: '2026-02-03',
    startTime: '08:00',
    endTime: '12:00',
    breakDuration: 0,
  });
  expect((await callApi(ctx.app, 'DELETE', `/api/work-logs/${deleted.id}`, who)).statusCode).toBe(
    200,
  );
  // A rate change, so the employer has a rate history and a change record.
  const raised = await callApi(ctx.app, 'PATCH', `/api/employers/${employer.id}`, who, {
    hourlyRate: '19.00',
    applyChange: { from: 'every' },
  });
  expect(raised.statusCode, raised.body).toBe(200);
  const holiday = await callApi(ctx.app, 'POST', `/api/employers/${employer.id}/holidays`, who, {
    date: '2026-02-16',
    name: 'Harbour day',
  });
  expect(holiday.statusCode, holiday.body).toBe(200);
  const second = await addEmployer(ctx.app, who, { name: 'Harbour Bar', hourlyRate: '18.00' });
  const group = await callApi(ctx.app, 'POST', '/api/employer-groups', who, {
    name: 'Harbour group',
    employerIds: [employer.id, second.id],
  });
  expect(group.statusCode, group.body).toBe(201);
  const payment = await callApi(ctx.app, 'POST', '/api/payments', who, {
    employerId: employer.id,
    amount: '76.00',
    receivedOn: '2026-02-13',
    allocations: [{ periodStart: '2026-02-01', amount: '76.00' }],
  });
  expect(payment.statusCode, payment.body).toBe(201);
  const stub = await ctx.app.inject({
    method: 'PUT',
    url: `/api/payments/${payment.json().id}/file`,
    headers: { cookie: who.cookie, 'content-type': MULTIPART_TYPE },
    payload: multipartBody([
      { name: 'file', filename: 'stub.pdf', contentType: 'application/pdf', data: '%PDF-1.4 stub' },
    ]),
  });
  expect(stub.statusCode, stub.body).toBe(200);
  const spent = await addWorkLog(ctx.app, who, {
    employerId: employer.id,
    date: '2026-02-03',
    startTime: '09:00',
    endTime: '12:00',
    breakDuration: 0,
    expenseAmount: '4.20',
    expenseNote: 'Parking',
  });
  const receipt = await ctx.app.inject({
    method: 'PUT',
    url: `/api/work-logs/${spent.id}/receipt`,
    headers: { cookie: who.cookie, 'content-type': MULTIPART_TYPE },
    payload: multipartBody([
      { name: 'file', filename: 'parking.pdf', contentType: 'application/pdf', data: '%PDF-1.4 r' },
    ]),
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
  // A shift with a receipt deleted a moment ago: the receipt is kept for the Undo too.
  const dropped = await addWorkLog(ctx.app, who, {
    employerId: employer.id,
    date: '2026-02-04',
    startTime: '09:00',
    endTime: '12:00',
    breakDuration: 0,
    expenseAmount: '3.00',
    expenseNote: 'Bus',
  });
  const droppedReceipt = await ctx.app.inject({
    method: 'PUT',
    url: `/api/work-logs/${dropped.id}/receipt`,
    headers: { cookie: who.cookie, 'content-type': MULTIPART_TYPE },
    payload: multipartBody([
      { name: 'file', filename: 'bus.pdf', contentType: 'application/pdf', data: '%PDF-1.4 b' },
    ]),
  });
  expect(droppedReceipt.statusCode, droppedReceipt.body).toBe(200);
  expect((await callApi(ctx.app, 'DELETE', `/api/work-logs/${dropped.id}`, who)).statusCode).toBe(
    200,
  );
  const closed = await callApi(ctx.app, 'POST', '/api/payments/periods/close', who, {
    employerId: employer.id,
    periodStart: '2026-02-01',
  });
  expect(closed.statusCode, closed.body).toBe(200);
  const timer = await callApi(ctx.app, 'POST', '/api/timer/start', who, {
    employerId: second.id,
  });
  expect(timer.statusCode, timer.body).toBe(201);
  const feed = await callApi(ctx.app, 'POST', '/api/calendar-feed', who);
  expect(feed.statusCode, feed.body).toBe(201);
  // A reminder mailed: the week of 1 February 2026 ends on Saturday the 7th.
  await callApi(ctx.app, 'PATCH', '/api/settings/export', who, { remindTimesheetDue: true });
  await sweepReminders(ctx.database.db, TEST_APP_SECRET, new Date('2026-02-07T15:00:00Z'));
  const { db } = ctx.database;
  const [sheet] = await db
    .insert(timesheets)
    .values({
      userId: who.userId,
      employerId: employer.id,
      startDate: '2026-02-01',
      endDate: '2026-02-07',
    })
    .returning({ id: timesheets.id });
  await db.insert(timesheetDocuments).values({
    timesheetId: sheet!.id,
    userId: who.userId,
    content: Buffer.from('%PDF-1.7'),
    contentType: 'application/pdf',
    fileName: 'timesheet.pdf',
    byteSize: 8,
  });
  await db.insert(gmailTokens).values({ userId: who.userId, accessToken: 'encrypted' });
  const [session] = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(eq(sessions.userId, who.userId));
  await db.insert(gmailAuthorizations).values({
    stateHash: `state-${who.userId}`,
    userId: who.userId,
    sessionSid: session!.sid,
    codeVerifierSealed: 'sealed',
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db.insert(notionConnections).values({
    userId: who.userId,
    tokenSealed: 'sealed',
    databaseId: 'db',
    dataSourceId: 'ds',
    titleProperty: 'Name',
  });
  await db.insert(mailSends).values({
    userId: who.userId,
    kind: 'timesheet',
    timesheetId: sheet!.id,
    toAddress: 'boss@example.com',
    subject: 'Timesheet',
    messageId: `<m-${who.userId}@hourbook.local>`,
  });
  await db.insert(emailVerifications).values({
    userId: who.userId,
    oldEmail: who.email,
    newEmail: `new-${who.email}`,
    verificationToken: `token-${who.userId}`,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db.insert(profileImages).values({
    userId: who.userId,
    image: Buffer.from('jpeg'),
    contentType: 'image/jpeg',
    version: 'v1',
  });
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: PASSWORD },
    remoteAddress: nextIp(),
  });
  return { ...who, otherCookie: cookieOf(login) };
}

/** Rows per table holding `userId`, for every table with a user_id column. */
async function rowsOf(userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of userTables) {
    const result = await ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from "${table}" where user_id = $1`,
      [userId],
    );
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

describe('POST /api/account/delete', () => {
  it('knows every table that holds a user’s data', () => {
    expect(userTables).toEqual(
      expect.arrayContaining([
        'calendar_feeds',
        'email_verifications',
        'employer_group_members',
        'employer_groups',
        'employer_holidays',
        'employer_pay_rules',
        'employer_rule_changes',
        'employers',
        'gmail_authorizations',
        'gmail_tokens',
        'mail_sends',
        'notion_connections',
        'pay_period_closures',
        'payment_allocations',
        'payment_files',
        'reminders_sent',
        'payments',
        'profile_images',
        'sessions',
        'settings',
        'timesheet_documents',
        'timers',
        'timesheets',
        'work_log_receipts',
        'work_log_undo_receipts',
        'work_log_undos',
        'work_logs',
      ]),
    );
  });

  it('deletes the user and every row they own, and signs every browser out', async () => {
    const who = await userWithEverything();
    const before = await rowsOf(who.userId);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    const res = await remove(who.cookie, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(res.headers['clear-site-data']).toBe('"cache"');

    expect(Object.values(await rowsOf(who.userId)).every((n) => n === 0)).toBe(true);
    const left = await ctx.database.db.select().from(users).where(eq(users.id, who.userId));
    expect(left).toHaveLength(0);
    expect((await me(who.cookie)).statusCode).toBe(401);
    expect((await me(who.otherCookie)).statusCode).toBe(401);
  });

  it('leaves another user’s data untouched', async () => {
    const a = await userWithEverything();
    const b = await userWithEverything();
    const bBefore = await rowsOf(b.userId);
    await remove(a.cookie, { password: PASSWORD });
    expect(await rowsOf(b.userId)).toEqual(bBefore);
    expect((await me(b.cookie)).statusCode).toBe(200);
    const employers = await callApi(ctx.app, 'GET', '/api/employers', b);
    expect(employers.json()).toHaveLength(2);
  });

  it('refuses a wrong password and keeps everything', async () => {
    const who = await userWithEverything();
    const before = await rowsOf(who.userId);
    const res = await remove(who.cookie, { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_current_password',
      message: 'Password is incorrect',
      errors: { password: 'Password is incorrect' },
    });
    expect(await rowsOf(who.userId)).toEqual(before);
    expect((await me(who.cookie)).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Password is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'x'.repeat(1025) }, 'Password is too long'],
  ])('refuses %j with a message and keeps the account', async (body, message) => {
    const who = await signUp(ctx.app, { password: PASSWORD });
    const res = await remove(who.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { password: message } });
    expect((await me(who.cookie)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to the sixth wrong password within a minute', async () => {
    const who = await signUp(ctx.app, { password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect((await remove(who.cookie, { password: `wrong ${i}` })).statusCode).toBe(400);
    }
    const sixth = await remove(who.cookie, { password: PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(who.cookie)).statusCode).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await remove(undefined, { password: PASSWORD })).statusCode).toBe(401);
  });
});
