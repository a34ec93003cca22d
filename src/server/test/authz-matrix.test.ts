/**
 * Who may call what: every route of the app's route table (app.routeTable), called by four
 * callers — signed out, the owner of the data, another user, an administrator (who is a
 * different user too) — with a body that passes validation, so the answer is authorization's.
 * A refused call must leave the owner's rows exactly as they were.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';
import {
  ADMIN_EMAIL,
  adminOnly,
  at,
  CALLERS,
  type Entry,
  employerPairs,
  everyone,
  json,
  type Method,
  madeUpToken,
  makeActor,
  makeClientDir,
  makeWorld,
  nextDate,
  notionBody,
  OWN_ORIGIN,
  ownersOnly,
  resources,
  send,
  signedIn,
  snapshotOf,
  temporaryPasswordOfNewUser,
  timesheetBody,
  unique,
  uploadPayStub,
  uploadPicture,
  uploadReceipt,
  type World,
  workLogBody,
} from './authz-matrix.fixtures.ts';
import { startTestNotion, type TestNotion } from './notion.ts';
import { MULTIPART_TYPE, makePng, multipartBody } from './profile-images.ts';

const newPassword = 'a new and much longer passphrase';

/** A call on the caller's own timer: the owner has one running; the others have none (404). */
function ownTimer(status: number, resource: NonNullable<Entry['resource']>, url: string): Entry {
  return {
    ...signedIn(
      status,
      json(url, () => ({})),
      { fresh: true, resource },
    ),
    expect: { anonymous: 401, owner: status, other: 404, admin: 404 },
  };
}

/** The matrix: one entry per `METHOD url` of the route table. */
const MATRIX: Record<string, Entry> = {
  // The client's static files (this file's own client folder) and the health check.
  'GET /index.html': everyone(200, at('/index.html')),
  'GET /assets/index-3f9a1c.js': everyone(200, at('/assets/index-3f9a1c.js')),
  'GET /api/health': everyone(200, at('/api/health')),

  // Signing up, in and out: each ends the caller's current session.
  'POST /api/auth/register': everyone(
    201,
    json('/api/auth/register', () => {
      const email = `new-${unique()}@example.com`;
      return { email, password: newPassword, confirmPassword: newPassword };
    }),
    { fresh: true },
  ),
  // Signed out with the owner's own password: a new session of the owner, as it should be.
  'POST /api/auth/login': everyone(
    200,
    json('/api/auth/login', (self) => ({ email: self.email, password: self.password })),
    { fresh: true, changesOwner: 'anonymous' },
  ),
  'POST /api/auth/logout': signedIn(200, at('/api/auth/logout'), { fresh: true }),
  'GET /api/auth/me': signedIn(200, at('/api/auth/me')),
  'GET /api/auth/user': signedIn(200, at('/api/auth/user')),
  'GET /api/auth/admin-status': signedIn(200, at('/api/auth/admin-status')),
  'POST /api/auth/check-email-exists': signedIn(
    200,
    json('/api/auth/check-email-exists', () => ({ email: `someone-${unique()}@example.com` })),
  ),

  // Forgot password: for the signed out, so open to everyone (each call its own new user).
  'POST /api/auth/forgot-password': everyone(
    200,
    json('/api/auth/forgot-password', () => ({ email: `nobody-${unique()}@example.com` })),
  ),
  'POST /api/auth/verify-temporary-password': everyone(200, async ({ world }) => ({
    url: '/api/auth/verify-temporary-password',
    payload: await temporaryPasswordOfNewUser(world),
  })),
  'POST /api/auth/reset-password': everyone(200, async ({ world }) => ({
    url: '/api/auth/reset-password',
    payload: { ...(await temporaryPasswordOfNewUser(world)), newPassword },
  })),

  // E-mail change: the mailed link is the resource; another user's link fails like a made-up
  // one (400 verification_failed, as the route documents). The owner's use moves their address.
  'POST /api/auth/change-email': signedIn(
    200,
    json('/api/auth/change-email', () => ({ newEmail: `moved-${unique()}@example.com` })),
  ),
  // Mails the caller a link to their own address; the administrator's is confirmed already (409).
  'POST /api/auth/confirm-email': {
    ...signedIn(200, at('/api/auth/confirm-email')),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 409 },
  },
  'GET /api/auth/verify-email': ownersOnly(
    200,
    resources.emailChangeToken,
    ({ id }) => ({ url: `/api/auth/verify-email?token=${encodeURIComponent(String(id))}` }),
    { refused: 400, fresh: true },
  ),

  // Gmail: no OAuth client is configured here, so a signed-in start is 503 not_configured.
  'GET /api/auth/gmail': signedIn(503, at('/api/auth/gmail')),
  // The popup's landing: public, it always redirects to the page that tells the opener.
  'GET /api/auth/gmail/callback': everyone(303, at('/api/auth/gmail/callback?state=x&code=y')),
  'GET /api/auth/gmail/status': signedIn(200, at('/api/auth/gmail/status')),
  'POST /api/auth/gmail/revoke': signedIn(200, at('/api/auth/gmail/revoke')),
  'POST /api/send-email-gmail': signedIn(
    503,
    json('/api/send-email-gmail', () => ({ to: 'payroll@example.com', subject: 'My hours' })),
    { readsMultipart: true },
  ),
  'GET /api/send-email-gmail/:id': ownersOnly(200, resources.mailSend, ({ id }) => ({
    url: `/api/send-email-gmail/${id}`,
  })),
  // The owner's send is queued, not unconfirmed: nothing to send again (409).
  'POST /api/send-email-gmail/:id/resend': ownersOnly(409, resources.mailSend, ({ id }) => ({
    url: `/api/send-email-gmail/${id}/resend`,
  })),

  // Administrators: a temporary password for the owner, and its mail, both through the
  // administrator's own Gmail (not configured here: 503, and the owner's row is untouched).
  'POST /api/admin/temporary-password': adminOnly(
    503,
    json('/api/admin/temporary-password', (_self, { world }) => ({
      userEmail: world.owner.email,
    })),
  ),
  'POST /api/admin/send-temp-password-email': adminOnly(
    503,
    json('/api/admin/send-temp-password-email', (_self, { world }) => ({
      userEmail: world.owner.email,
      temporaryPassword: 'K7QM-2XPA-9RTW',
    })),
  ),

  // Notion (the loopback fake; every actor has a database of their own connected).
  'GET /api/notion': signedIn(200, at('/api/notion')),
  'POST /api/notion/connect': signedIn(200, json('/api/notion/connect', notionBody)),
  'POST /api/notion/properties': signedIn(200, at('/api/notion/properties')),
  'GET /api/notion/sync/:id': ownersOnly(200, resources.workLog, ({ id }) => ({
    url: `/api/notion/sync/${id}`,
  })),
  'POST /api/notion/sync/:id': ownersOnly(200, resources.workLog, ({ id }) => ({
    url: `/api/notion/sync/${id}`,
  })),
  'POST /api/notion/disconnect': signedIn(200, at('/api/notion/disconnect'), { fresh: true }),

  // The profile picture: always the caller's own (no id in the URL).
  'POST /api/auth/upload-profile-image': signedIn(
    200,
    async () => uploadPicture(await makePng(40, 40)),
    { readsMultipart: true },
  ),
  'DELETE /api/auth/remove-profile-image': signedIn(200, at('/api/auth/remove-profile-image'), {
    fresh: true,
  }),
  'GET /api/auth/profile-image': signedIn(200, at('/api/auth/profile-image')),

  // The account.
  'POST /api/auth/change-password': signedIn(
    200,
    json('/api/auth/change-password', (self) => ({ currentPassword: self.password, newPassword })),
    { fresh: true },
  ),
  'GET /api/account/export': signedIn(200, at('/api/account/export')),
  'POST /api/account/delete': signedIn(
    200,
    json('/api/account/delete', (self) => ({ password: self.password })),
    { fresh: true },
  ),

  'GET /api/settings': signedIn(200, at('/api/settings')),
  'PATCH /api/settings/general': signedIn(
    200,
    json('/api/settings/general', () => ({ firstName: 'Robin' })),
  ),
  'PATCH /api/settings/export': signedIn(
    200,
    json('/api/settings/export', () => ({ includeSummary: false })),
  ),
  'PATCH /api/settings/theme': signedIn(
    200,
    json('/api/settings/theme', () => ({ theme: 'dark' })),
  ),
  'GET /api/diagnostics': signedIn(200, at('/api/diagnostics')),

  'GET /api/employers': signedIn(200, at('/api/employers')),
  'POST /api/employers': signedIn(
    201,
    json('/api/employers', () => ({ name: `Riverside ${unique()}`, hourlyRate: '25' })),
  ),
  'PATCH /api/employers/:id': ownersOnly(200, resources.employer, ({ id }) => ({
    url: `/api/employers/${id}`,
    payload: { hourlyRate: '31.50' },
  })),
  'DELETE /api/employers/:id': ownersOnly(200, resources.employer, ({ id }) => ({
    url: `/api/employers/${id}`,
  })),
  'POST /api/employers/:id/change-preview': ownersOnly(200, resources.employer, ({ id }) => ({
    url: `/api/employers/${id}/change-preview`,
    payload: { hourlyRate: '31.50', applyChange: { from: 'every' } },
  })),
  'GET /api/employers/:id/rate-history': ownersOnly(200, resources.employer, ({ id }) => ({
    url: `/api/employers/${id}/rate-history`,
  })),
  'GET /api/employers/:id/holidays': ownersOnly(200, resources.holidayEmployer, ({ id }) => ({
    url: `/api/employers/${id}/holidays?year=2026`,
  })),
  'POST /api/employers/:id/holidays': ownersOnly(200, resources.employer, ({ id }) => ({
    url: `/api/employers/${id}/holidays`,
    payload: { date: '2026-08-12', name: 'Museum day' },
  })),
  'DELETE /api/employers/:id/holidays/:date': ownersOnly(
    200,
    resources.holidayEmployer,
    ({ id }) => ({ url: `/api/employers/${id}/holidays/2026-07-04` }),
  ),

  // Overtime groups (decision 040): of the caller's own employers; another's answer 404.
  'GET /api/employer-groups': signedIn(200, at('/api/employer-groups')),
  'POST /api/employer-groups': ownersOnly(201, resources.employerPair, ({ id }) => ({
    url: '/api/employer-groups',
    payload: {
      name: `Group ${unique()}`,
      employerIds: [id, employerPairs.get(Number(id)) ?? Number(id) + 1],
    },
  })),
  'PATCH /api/employer-groups/:id': ownersOnly(200, resources.employerGroup, ({ id }) => ({
    url: `/api/employer-groups/${id}`,
    payload: { overtime: { preset: 'usFederal' } },
  })),
  'DELETE /api/employer-groups/:id': ownersOnly(200, resources.employerGroup, ({ id }) => ({
    url: `/api/employer-groups/${id}`,
  })),

  // Payments (decision 041): against the caller's own employers; another's answer 404.
  'GET /api/payments/ledger': signedIn(200, at('/api/payments/ledger')),
  'GET /api/payments': signedIn(200, at('/api/payments')),
  // A weekly period of the owner's employer that has ended (the week of 7 January 2024).
  'POST /api/payments/periods/close': ownersOnly(200, resources.employer, ({ id }) => ({
    url: '/api/payments/periods/close',
    payload: { employerId: id, periodStart: '2024-01-07' },
  })),
  'POST /api/payments/periods/reopen': ownersOnly(200, resources.closedPeriod, ({ id }) => ({
    url: '/api/payments/periods/reopen',
    payload: { employerId: id, periodStart: '2024-01-07', reason: 'A shift was missed' },
  })),
  'POST /api/payments': ownersOnly(201, resources.employer, ({ id }) => ({
    url: '/api/payments',
    payload: { employerId: id, amount: '75.00', receivedOn: '2024-02-09' },
  })),
  'PATCH /api/payments/:id': ownersOnly(200, resources.payment, ({ id }) => ({
    url: `/api/payments/${id}`,
    payload: { note: 'Paid with the January bonus' },
  })),
  'DELETE /api/payments/:id': ownersOnly(200, resources.payment, ({ id }) => ({
    url: `/api/payments/${id}`,
  })),
  // A payment's pay stub or invoice (decision 043): another's payment answers like a missing one.
  'PUT /api/payments/:id/file': ownersOnly(200, resources.payment, ({ id }) => uploadPayStub(id), {
    readsMultipart: true,
  }),
  'GET /api/payments/:id/file': ownersOnly(200, resources.paymentWithFile, ({ id }) => ({
    url: `/api/payments/${id}/file`,
  })),
  'DELETE /api/payments/:id/file': ownersOnly(200, resources.paymentWithFile, ({ id }) => ({
    url: `/api/payments/${id}/file`,
  })),

  'GET /api/work-logs': signedIn(200, at('/api/work-logs')),
  'GET /api/work-logs/summary': signedIn(200, at('/api/work-logs/summary')),
  'GET /api/work-logs/recent': signedIn(200, at('/api/work-logs/recent')),
  'POST /api/work-logs': signedIn(201, json('/api/work-logs', workLogBody)),
  // Priced with the caller's own employer; another user's employer or log is 404 (tested apart).
  'POST /api/work-logs/pay-preview': signedIn(200, json('/api/work-logs/pay-preview', workLogBody)),
  'PATCH /api/work-logs/:id': ownersOnly(200, resources.workLog, ({ id }) => ({
    url: `/api/work-logs/${id}`,
    payload: { note: 'Covered the late shift' },
  })),
  'DELETE /api/work-logs/:id': ownersOnly(200, resources.workLog, ({ id }) => ({
    url: `/api/work-logs/${id}`,
  })),
  // The receipt of a shift's expense (decision 046): another's shift answers like a missing one.
  'PUT /api/work-logs/:id/receipt': ownersOnly(
    200,
    resources.workLogWithExpense,
    ({ id }) => uploadReceipt(id),
    { readsMultipart: true },
  ),
  'GET /api/work-logs/:id/receipt': ownersOnly(200, resources.workLogWithReceipt, ({ id }) => ({
    url: `/api/work-logs/${id}/receipt`,
  })),
  'DELETE /api/work-logs/:id/receipt': ownersOnly(200, resources.workLogWithReceipt, ({ id }) => ({
    url: `/api/work-logs/${id}/receipt`,
  })),
  // Copies on a day of their own; another user's log is 404 and nothing is copied.
  'POST /api/work-logs/:id/duplicate': ownersOnly(201, resources.workLog, ({ id }) => ({
    url: `/api/work-logs/${id}/duplicate`,
    payload: { dates: [nextDate()] },
  })),
  // The owner's log in the selection: another user's request is 404 for all of it.
  'POST /api/work-logs/bulk': ownersOnly(200, resources.workLog, ({ id }) => ({
    url: '/api/work-logs/bulk',
    payload: { action: 'set_department', ids: [id], department: null },
  })),

  // The week grid's save (decision 049): the owner's shift changed and deleted with it; another
  // user's request is 404 for all of it.
  'POST /api/work-logs/week': ownersOnly(200, resources.workLog, ({ id }) => ({
    url: '/api/work-logs/week',
    payload: { update: [{ id, startTime: '06:00', endTime: '07:00', breakDuration: 0 }] },
  })),
  // Undo of the owner's delete: another user's token is as unknown as a made-up one (404).
  'POST /api/work-logs/restore': ownersOnly(200, resources.undoToken, ({ id }) => ({
    url: '/api/work-logs/restore',
    payload: { token: id },
  })),

  // The running timer (decision 044): always the caller's own (no id in the URL); one who has
  // none is told so (404), and another user's employer is 404 like a missing one.
  'GET /api/timer': signedIn(200, at('/api/timer')),
  'POST /api/timer/start': ownersOnly(
    201,
    resources.employer,
    ({ id }) => ({ url: '/api/timer/start', payload: { employerId: id } }),
    { fresh: true },
  ),
  'POST /api/timer/switch': ownersOnly(
    200,
    resources.runningTimer,
    ({ id }) => ({ url: '/api/timer/switch', payload: { employerId: id } }),
    { fresh: true },
  ),
  'POST /api/timer/pause': ownTimer(200, resources.runningTimer, '/api/timer/pause'),
  'POST /api/timer/resume': ownTimer(200, resources.pausedTimer, '/api/timer/resume'),
  'POST /api/timer/stop': ownTimer(201, resources.runningTimer, '/api/timer/stop'),
  'DELETE /api/timer': ownTimer(200, resources.runningTimer, '/api/timer'),

  // The calendar feed (decision 047): always the caller's own; one who has none cannot revoke it
  // (404). The feed itself needs no session: whoever has the secret URL reads it, as a calendar
  // app does.
  'GET /api/calendar-feed': signedIn(200, at('/api/calendar-feed')),
  'POST /api/calendar-feed': signedIn(
    201,
    json('/api/calendar-feed', () => ({})),
  ),
  'DELETE /api/calendar-feed': {
    ...signedIn(
      200,
      json('/api/calendar-feed', () => ({})),
      { fresh: true, resource: resources.calendarFeed },
    ),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  'GET /api/calendar/:file': everyone(200, ({ id }) => ({ url: `/api/calendar/${id}` }), {
    resource: resources.calendarFeed,
  }),

  'GET /api/dashboard/stats': signedIn(200, at('/api/dashboard/stats')),
  'GET /api/dashboard/weekly-hours': signedIn(200, at('/api/dashboard/weekly-hours')),
  'GET /api/dashboard/recent-work-logs': signedIn(200, at('/api/dashboard/recent-work-logs')),

  // Public holidays (decision 038): the same for everyone signed in, nobody's data.
  'GET /api/holidays/countries': signedIn(200, at('/api/holidays/countries')),
  'GET /api/holidays/regions': signedIn(200, at('/api/holidays/regions?country=US')),
  'GET /api/holidays': signedIn(200, at('/api/holidays?country=US&region=CA&year=2026')),

  'POST /api/timesheets/generate': signedIn(201, json('/api/timesheets/generate', timesheetBody)),
  'GET /api/timesheets': signedIn(200, at('/api/timesheets')),
  'GET /api/timesheets/upcoming': signedIn(200, at('/api/timesheets/upcoming')),
  'GET /api/timesheets/:id/download': ownersOnly(200, resources.timesheet, ({ id }) => ({
    url: `/api/timesheets/${id}/download`,
  })),
  'DELETE /api/timesheets/:id': ownersOnly(200, resources.timesheet, ({ id }) => ({
    url: `/api/timesheets/${id}`,
  })),
};

/** An id no row has (below MAX_ID, so it passes validation). */
const MADE_UP_ID = 2_147_000_000;
const FORGED_COOKIE = `sid=${'f'.repeat(64)}`;

let notion: TestNotion;
let ctx: TestContext;
let world: World;
const clientDir = makeClientDir();

beforeAll(async () => {
  notion = await startTestNotion();
  ctx = await createTestApp({
    adminEmails: [ADMIN_EMAIL],
    publicUrl: OWN_ORIGIN,
    clientDir,
    notionApiUrl: notion.url,
  });
  world = await makeWorld(ctx, notion);
});
afterAll(async () => {
  await notion.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const entries = Object.entries(MATRIX).map(([key, entry]) => {
  const [method] = key.split(' ') as [Method];
  return { key, method, entry };
});
const answer = (res: { statusCode: number; body: string }) => ({
  status: res.statusCode,
  body: res.body,
});
const bodySchemaOf = (key: string) =>
  ctx.app.routeTable.find((r) => `${r.method} ${r.url}` === key)?.schema?.body;

describe('the authorization matrix', () => {
  it('has one entry for every route in the route table, and none for a route not in it', () => {
    const routes = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((route) => !(route in MATRIX));
    const stale = Object.keys(MATRIX).filter((key) => !routes.includes(key));
    expect(
      { missing, stale },
      'every route needs a matrix entry (missing), every entry a route (stale)',
    ).toEqual({ missing: [], stale: [] });
  });

  for (const { key, method, entry } of entries) {
    const { anonymous, owner, other, admin } = entry.expect;
    it(`${key} (${entry.kind}): signed out ${anonymous}, owner ${owner}, another user ${other}, admin ${admin}`, async () => {
      // A fresh route gets its own owner (with data) and its own other callers (bare).
      const [theOwner, theOther, theAdmin] = entry.fresh
        ? await Promise.all([
            makeActor(world, 'owner'),
            makeActor(world, 'other', { bare: true }),
            makeActor(world, 'admin', { bare: true }),
          ])
        : [world.owner, world.other, world.admin];
      const id = entry.resource ? await entry.resource(world, theOwner) : 0;
      const actors = { anonymous: theOwner, owner: theOwner, other: theOther, admin: theAdmin };
      for (const caller of CALLERS) {
        const self = actors[caller];
        const cookie = caller === 'anonymous' ? undefined : self.cookie;
        const cell = { caller, self, id, world };
        const request = await entry.request(cell);
        const expected = entry.expect[caller];
        const refusal = [401, 403, 404].includes(expected);
        // The owner's own successful calls change their rows; every other call must not.
        const watched = caller !== 'owner' || refusal;
        const before = watched ? await snapshotOf(ctx, theOwner) : undefined;

        const res = await send(ctx, method, request, cookie);
        expect
          .soft(res.statusCode, `${key} as ${caller}: ${res.body.slice(0, 300)}`)
          .toBe(expected);

        if (before) {
          const after = await snapshotOf(ctx, theOwner);
          if (entry.changesOwner === caller) {
            expect.soft(after, `${key} as ${caller} should change the owner`).not.toEqual(before);
          } else {
            expect.soft(after, `${key} as ${caller} changed the owner's rows`).toEqual(before);
          }
        }

        if (entry.kind === 'owner-resource' && (caller === 'other' || caller === 'admin')) {
          // Indistinguishable from a resource that does not exist: same status, same body.
          const madeUp = typeof id === 'string' ? madeUpToken() : MADE_UP_ID;
          const missing = await send(
            ctx,
            method,
            await entry.request({ ...cell, id: madeUp }),
            cookie,
          );
          expect
            .soft(answer(res), `${key} as ${caller}: the owner's vs a made-up one`)
            .toEqual(answer(missing));
        }

        if (expected === 401) {
          // A made-up session cookie, or a body that would fail validation, changes nothing:
          // the session is checked first.
          const forged = await send(ctx, method, request, FORGED_COOKIE);
          expect.soft(answer(forged), `${key} with a made-up session cookie`).toEqual(answer(res));
          if (bodySchemaOf(key)) {
            const invalid = await send(ctx, method, { ...request, payload: { nonsense: [] } });
            expect.soft(invalid.statusCode, `${key} signed out with an invalid body`).toBe(401);
          }
        }
        if (method === 'GET' && refusal && caller !== 'owner') {
          // Fastify answers HEAD with the GET route: refused the same way, with no body.
          const head = await ctx.app.inject({
            method: 'HEAD',
            url: request.url,
            ...(cookie ? { headers: { cookie } } : {}),
          });
          expect.soft(head.statusCode, `HEAD ${request.url} as ${caller}`).toBe(expected);
        }
        if (expected === 403 && entry.kind === 'admin-only') {
          // Refused before validation: a non-administrator learns nothing from the messages.
          const invalid = await send(ctx, method, { ...request, payload: {} }, cookie);
          expect
            .soft(answer(invalid), `${key} as ${caller} with an invalid body`)
            .toEqual(answer(res));
        }
      }
    });
  }
});

describe('requests from another site', () => {
  const stateChanging = entries.filter(({ method }) => method !== 'GET');
  const attempts: { name: string; headers: Record<string, string | undefined>; code: string }[] = [
    {
      name: 'Origin of another site',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': undefined },
      code: 'cross_site_request',
    },
    {
      name: 'Origin null',
      headers: { origin: 'null', 'sec-fetch-site': undefined },
      code: 'cross_site_request',
    },
    {
      name: 'Sec-Fetch-Site cross-site',
      headers: { origin: undefined, 'sec-fetch-site': 'cross-site' },
      code: 'cross_site_request',
    },
  ];

  it(`refuses all ${stateChanging.length} state-changing routes with the owner's cookie, changing nothing`, async () => {
    const owner = await makeActor(world, 'owner');
    const wrong: string[] = [];
    for (const { key, method, entry } of stateChanging) {
      const id = entry.resource ? await entry.resource(world, owner) : 0;
      const request = await entry.request({ caller: 'owner', self: owner, id, world });
      const before = await snapshotOf(ctx, owner);
      const tries = [
        ...attempts.map((a) => ({
          ...a,
          request: { ...request, headers: { ...request.headers, ...a.headers } },
        })),
        // Forms a page on another site can post without asking, here without Origin (as older
        // browsers send them). Multipart is the one encoding the guard lets through, for the
        // two uploads: every other route a form can reach (POST) has no parser for it.
        ...(method === 'POST' && !entry.readsMultipart
          ? [
              {
                name: 'a multipart form',
                code: 'unsupported_media_type',
                request: {
                  url: request.url,
                  payload: multipartBody([{ name: 'note', data: 'hello' }]),
                  headers: {
                    'content-type': MULTIPART_TYPE,
                    origin: undefined,
                    'sec-fetch-site': undefined,
                  },
                },
              },
            ]
          : []),
        // The other two are refused by the guard itself, on every route.
        ...['application/x-www-form-urlencoded', 'text/plain'].map((type) => ({
          name: `a ${type} body`,
          code: 'unsupported_media_type',
          request: {
            url: request.url,
            payload: type === 'text/plain' ? JSON.stringify(request.payload ?? {}) : 'a=1',
            headers: { 'content-type': type, origin: undefined, 'sec-fetch-site': undefined },
          },
        })),
      ];
      for (const attempt of tries) {
        const res = await send(ctx, method, attempt.request, owner.cookie);
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        if (code !== attempt.code)
          wrong.push(`${key} with ${attempt.name}: ${res.statusCode} ${code}, not ${attempt.code}`);
      }
      if (JSON.stringify(await snapshotOf(ctx, owner)) !== JSON.stringify(before)) {
        wrong.push(`${key}: the owner's rows changed`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
