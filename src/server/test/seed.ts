import { afterAll } from 'vitest';
import { NOTION_PROPERTIES } from '../../shared/schemas/notion.ts';
import type { GmailConfig } from '../config.ts';
import { sweepReminders } from '../features/reminders/reminders.service.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { recordEffect } from '../jobs/run-once.ts';
import {
  callApi,
  createTestApp,
  nextIp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from './app.ts';
import { addEmployer, addWorkLog } from './factories.ts';
import {
  connectGmail,
  startTestGmailApi,
  startTestOAuth,
  type TestGmailApi,
  type TestOAuth,
  testGmailConfig,
} from './gmail.ts';
import { startTestNotion, TEST_NOTION_TOKEN, type TestNotion } from './notion.ts';
import { imagePart, MULTIPART_TYPE, makePng, multipartBody } from './profile-images.ts';

export interface Seeded {
  alice: Session;
  bob: Session;
  carol: Session;
  /** Google's consent page for the Gmail connection Bob began and has not finished. */
  bobAuthUrl: string;
}

const ok = async <R extends { statusCode: number; body: string }>(
  what: string,
  response: Promise<R>,
): Promise<R> => {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`${what} refused: ${res.statusCode} ${res.body}`);
  return res;
};

/**
 * Something in every table and every place the app seals a value, each made by the code that
 * normally makes it. Alice: settings, a picture, two employers, shifts (notes with a tab, a
 * newline, a backslash and accents), a PDF and a CSV timesheet, Gmail connected, a timesheet
 * queued to send, Notion connected with a shift waiting to mirror. Bob: Gmail connected then
 * disconnected (the revoke waits in the queue), a Gmail connection begun (its PKCE verifier).
 * Carol: a forgotten password (instance mail queued) and an e-mail change waiting for its link
 * (two more instance mails). Plus a finished job with its effect.
 */
async function seedEverything({ app, database }: TestContext, notion: TestNotion): Promise<Seeded> {
  const alice = await signUp(app, { firstName: 'Alice', lastName: 'Ängström' });
  const bob = await signUp(app, { firstName: 'Bob' });
  const carol = await signUp(app);

  await ok(
    'settings',
    callApi(app, 'PATCH', '/api/settings/general', alice, {
      timeFormat: '24-hour',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
    }),
  );
  await ok(
    'picture',
    app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      headers: { 'content-type': MULTIPART_TYPE, cookie: alice.cookie },
      payload: multipartBody([imagePart(await makePng(120, 80))]),
    }),
  );
  const clinic = await addEmployer(app, alice, {
    name: 'Riverside Clinic',
    hourlyRate: '25.50',
    departments: ['Front desk', 'Night "shift"'],
  });
  const cafe = await addEmployer(app, alice, { name: 'Café Zoë', hourlyRate: '14' });
  await addEmployer(app, bob, { name: 'Harbour Books', hourlyRate: '18.75' });
  for (const [day, note] of [
    ['2026-10-05', 'Covered for Sam\tthen\nstayed late'],
    ['2026-10-06', 'Back\\slash and “quotes”'],
    ['2026-10-07', null],
  ] as const) {
    await addWorkLog(app, alice, {
      employerId: clinic.id,
      date: day,
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
      ...(note ? { note } : {}),
    });
  }
  const late = await addWorkLog(app, alice, {
    employerId: cafe.id,
    date: '2026-10-08',
    startTime: '22:00',
    endTime: '02:00',
    breakDuration: 0,
    expenseAmount: '6.50',
    expenseNote: 'Taxi home',
  });
  await ok(
    'receipt',
    app.inject({
      method: 'PUT',
      url: `/api/work-logs/${late.id}/receipt`,
      headers: { 'content-type': MULTIPART_TYPE, cookie: alice.cookie },
      payload: multipartBody([
        {
          name: 'file',
          filename: 'Taxi.png',
          contentType: 'image/png',
          data: await makePng(30, 40),
        },
      ]),
    }),
  );
  // A shift deleted a moment ago, with its receipt: its Undo snapshot (decision 048; not backed
  // up).
  const deleted = await addWorkLog(app, alice, {
    employerId: cafe.id,
    date: '2026-10-09',
    startTime: '10:00',
    endTime: '14:00',
    breakDuration: 0,
    expenseAmount: '2.75',
    expenseNote: 'Bus fare',
  });
  await ok(
    'receipt of a deleted shift',
    app.inject({
      method: 'PUT',
      url: `/api/work-logs/${deleted.id}/receipt`,
      headers: { 'content-type': MULTIPART_TYPE, cookie: alice.cookie },
      payload: multipartBody([
        {
          name: 'file',
          filename: 'Bus.png',
          contentType: 'image/png',
          data: await makePng(20, 30),
        },
      ]),
    }),
  );
  await ok('deleted shift', callApi(app, 'DELETE', `/api/work-logs/${deleted.id}`, alice));
  const pdf = await ok(
    'pdf timesheet',
    callApi(app, 'POST', '/api/timesheets/generate', alice, {
      employerId: clinic.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      format: 'pdf',
    }),
  );
  await ok(
    'csv timesheet',
    callApi(app, 'POST', '/api/timesheets/generate', alice, {
      employerId: cafe.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      format: 'csv',
    }),
  );
  await ok(
    'rate change',
    callApi(app, 'PATCH', `/api/employers/${cafe.id}`, alice, {
      hourlyRate: '15.00',
      applyChange: { from: 'date', date: '2026-10-08' },
    }),
  );
  await ok(
    'overtime group',
    callApi(app, 'POST', '/api/employer-groups', alice, {
      name: 'Both jobs',
      overtime: { preset: 'usFederal' },
      employerIds: [clinic.id, cafe.id],
    }),
  );
  const payment = await ok(
    'payment',
    callApi(app, 'POST', '/api/payments', alice, {
      employerId: cafe.id,
      amount: '120.00',
      receivedOn: '2026-11-06',
      method: 'bank',
      reference: 'Transfer 1106',
      allocations: [{ periodStart: '2026-10-25', amount: '120.00' }],
    }),
  );
  await ok(
    'pay stub',
    app.inject({
      method: 'PUT',
      url: `/api/payments/${payment.json().id}/file`,
      headers: { 'content-type': MULTIPART_TYPE, cookie: alice.cookie },
      payload: multipartBody([
        {
          name: 'file',
          filename: 'Cafe stub November.png',
          contentType: 'image/png',
          data: await makePng(60, 80),
        },
      ]),
    }),
  );
  await ok(
    'closed period',
    callApi(app, 'POST', '/api/payments/periods/close', alice, {
      employerId: cafe.id,
      periodStart: '2026-09-27',
    }),
  );
  await ok(
    'running timer',
    callApi(app, 'POST', '/api/timer/start', alice, { employerId: clinic.id }),
  );
  await ok('calendar feed', callApi(app, 'POST', '/api/calendar-feed', alice));
  await ok(
    'holiday date',
    callApi(app, 'POST', `/api/employers/${cafe.id}/holidays`, alice, {
      date: '2026-10-12',
      name: 'Cafe anniversary',
    }),
  );

  await connectGmail(app, alice);
  await ok(
    'gmail send',
    callApi(app, 'POST', '/api/send-email-gmail', alice, {
      timesheetId: pdf.json().timesheet.id,
      to: 'payroll@riverside.test',
      subject: 'Timesheet October',
      body: 'Hello,\n\nmy timesheet is attached.\n\nAlice',
    }),
  );

  const { databaseId } = notion.addDatabase({
    title: 'Shifts',
    properties: Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type])),
  });
  await ok(
    'notion connect',
    callApi(app, 'POST', '/api/notion/connect', alice, {
      token: TEST_NOTION_TOKEN,
      database: databaseId,
    }),
  );
  await addWorkLog(app, alice, {
    employerId: cafe.id,
    date: '2026-10-09',
    startTime: '10:00',
    endTime: '14:00',
    breakDuration: 0,
  });

  await connectGmail(app, bob);
  await ok('gmail disconnect', callApi(app, 'POST', '/api/auth/gmail/revoke', bob));
  const started = await ok('gmail start', callApi(app, 'GET', '/api/auth/gmail', bob));

  await ok(
    'forgot password',
    app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: carol.email },
      remoteAddress: nextIp(),
    }),
  );
  await ok(
    'change e-mail',
    callApi(app, 'POST', '/api/auth/change-email', carol, {
      newEmail: `new-${carol.email}`,
    }),
  );

  // Reminders on: the sweep of Saturday 9 January 2027 finds the café's week due and mails it.
  await ok(
    'reminders',
    callApi(app, 'PATCH', '/api/settings/export', alice, { remindTimesheetDue: true }),
  );
  const reminded = await sweepReminders(
    database.db,
    TEST_APP_SECRET,
    new Date('2027-01-09T12:00:00Z'),
  );
  if (reminded === 0) throw new Error('seed: the reminder sweep mailed nothing');

  const finished = await enqueueJob(database.db, { type: 'test.finished', payload: {} });
  await recordEffect(database.db, finished as number, 'send');
  return { alice, bob, carol, bobAuthUrl: started.json().authUrl };
}

export interface SeededApp {
  ctx: TestContext;
  oauth: TestOAuth;
  gmail: TestGmailApi;
  notion: TestNotion;
  /** The app options that point at the fakes, for another app on the same database. */
  outside: { gmail: GmailConfig; notionApiUrl: string };
  seeded: Seeded;
}

/**
 * For one test file: the loopback Google and Notion fakes, an app on a fresh database that talks
 * to them, and seedEverything in that database. The fakes close after the file.
 */
export async function createSeededApp(): Promise<SeededApp> {
  const [oauth, gmail, notion] = await Promise.all([
    startTestOAuth(),
    startTestGmailApi(),
    startTestNotion(),
  ]);
  afterAll(() => Promise.all([oauth.close(), gmail.close(), notion.close()]));
  const outside = { gmail: testGmailConfig(oauth, gmail), notionApiUrl: notion.url };
  const ctx = await createTestApp(outside);
  const seeded = await seedEverything(ctx, notion);
  return { ctx, oauth, gmail, notion, outside, seeded };
}
