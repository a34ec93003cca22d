import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../shared/schemas/settings.ts';
import { users } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
const ADMIN = 'boss@example.com';
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: [ADMIN] });
});

const patch = (who: Session | undefined, body: object) =>
  callApi(ctx.app, 'PATCH', '/api/settings/general', who, body);
const readSettings = async (who: Session) =>
  settingsSchema.parse((await callApi(ctx.app, 'GET', '/api/settings', who)).json());
const readUser = async (who: Session) =>
  (await callApi(ctx.app, 'GET', '/api/auth/me', who)).json().user;

describe('PATCH /api/settings/general', () => {
  it('saves names, time format, time zone and currency together and answers both halves', async () => {
    const who = await signUp(ctx.app, { firstName: 'Ann', lastName: 'Lee' });
    const res = await patch(who, {
      firstName: '  Maria ',
      lastName: 'Gonzalez',
      timeFormat: '24-hour',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: who.userId, email: who.email, firstName: 'Maria', lastName: 'Gonzalez' },
      settings: {
        userId: who.userId,
        timeFormat: '24-hour',
        timeZone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
  });

  it('keeps the saved values when they are read again', async () => {
    const who = await signUp(ctx.app);
    await patch(who, { firstName: 'Kai', timeZone: 'Asia/Tokyo', currency: 'JPY' });
    expect(await readSettings(who)).toMatchObject({ timeZone: 'Asia/Tokyo', currency: 'JPY' });
    expect(await readUser(who)).toMatchObject({ firstName: 'Kai' });
  });

  it('stores a zone as the runtime spells it, so one zone never has two names', async () => {
    const who = await signUp(ctx.app);
    await patch(who, { timeZone: 'america/new_york' });
    expect((await readSettings(who)).timeZone).toBe('America/New_York');
    await patch(who, { timeZone: 'US/Eastern' });
    expect((await readSettings(who)).timeZone).toBe('America/New_York');
  });

  it('changes only the fields sent', async () => {
    const who = await signUp(ctx.app, { firstName: 'Ann', lastName: 'Lee' });
    const res = await patch(who, { timeFormat: '24-hour' });
    expect(res.json().user).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect(res.json().settings).toMatchObject({
      timeFormat: '24-hour',
      timeZone: 'America/New_York',
      currency: 'USD',
    });
  });

  it('answers the current values for an empty body', async () => {
    const who = await signUp(ctx.app, { firstName: 'Ann', lastName: 'Lee' });
    const before = await readSettings(who);
    const res = await patch(who, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(before);
    expect(res.json().user).toEqual(await readUser(who));
  });

  it('ignores an e-mail sent with the names', async () => {
    const who = await signUp(ctx.app);
    const res = await patch(who, { firstName: 'Ann', email: 'other@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(who.email);
    expect((await readUser(who)).email).toBe(who.email);
  });

  it('tells an administrator named by ADMIN_EMAILS that they are one, once the address is confirmed', async () => {
    const who = await signUp(ctx.app, { email: ADMIN });
    // As the mailed confirmation link does, before this session's first call.
    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, who.userId));
    expect((await patch(who, { firstName: 'Boss' })).json().user.isAdmin).toBe(true);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ lastName: null }, 'lastName', 'Last name is required'],
    [{ timeFormat: '13-hour' }, 'timeFormat', 'Choose 12-hour or 24-hour'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a time zone from the list'],
    [{ currency: 'ABC' }, 'currency', 'Choose a currency from the list'],
    [{ currency: 'usd' }, 'currency', 'Choose a currency from the list'],
  ])('refuses %j with a message and changes nothing', async (bad, field, message) => {
    const who = await signUp(ctx.app, { firstName: 'Ann', lastName: 'Lee' });
    const before = await readSettings(who);
    const res = await patch(who, { timeFormat: '24-hour', firstName: 'Zed', ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message,
      errors: { [field]: message },
    });
    expect(await readSettings(who)).toEqual(before);
    expect(await readUser(who)).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('answers 401 when signed out', async () => {
    expect((await patch(undefined, { firstName: 'Ann' })).statusCode).toBe(401);
  });

  it("changes only the signed-in user's own names and settings", async () => {
    const a = await signUp(ctx.app, { firstName: 'Ann', lastName: 'Lee' });
    const b = await signUp(ctx.app, { firstName: 'Bob', lastName: 'Ray' });
    const bBefore = await readSettings(b);
    await patch(a, { firstName: 'Alice', lastName: 'Smith', currency: 'GBP', timeZone: 'UTC' });
    expect(await readSettings(b)).toEqual(bBefore);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, b.userId));
    expect(row).toMatchObject({ firstName: 'Bob', lastName: 'Ray' });
  });
});
