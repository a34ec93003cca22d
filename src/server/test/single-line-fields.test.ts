/**
 * Names, departments and phone numbers are one line of text: they are printed in table cells,
 * file names and CSV rows, where a line break would split them or open a new row. Every kind of
 * break is refused with a message naming the field, and nothing is saved; a note keeps its
 * line breaks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type Session, signUp, type TestContext } from './app.ts';
import { addEmployer } from './factories.ts';

let ctx: TestContext;
let who: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  who = await signUp(ctx.app);
});

const BREAKS = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029'];

function expectRefused(
  res: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'validation_failed',
    message,
    errors: { [field]: message },
  });
}

describe('single-line fields', () => {
  it.each(BREAKS)('refuses an employer name, phone or department holding %j', async (br) => {
    const before = (await callApi(ctx.app, 'GET', '/api/employers', who)).json();
    const post = (body: object) =>
      callApi(ctx.app, 'POST', '/api/employers', who, { name: 'Acme', hourlyRate: '20', ...body });
    expectRefused(
      await post({ name: `Acme${br}=2+2` }),
      'name',
      'Employer name must be on one line',
    );
    expectRefused(await post({ phone: `555${br}0100` }), 'phone', 'Phone must be on one line');
    expectRefused(
      await post({ departments: ['Bar', `Kitchen${br}=1+1`] }),
      'departments.1',
      'Department names must be on one line',
    );
    expect((await callApi(ctx.app, 'GET', '/api/employers', who)).json()).toEqual(before);
  });

  it('refuses a line break in a renamed employer and keeps the old name', async () => {
    const shop = await addEmployer(ctx.app, who, { name: 'Corner Shop', hourlyRate: '10' });
    const res = await callApi(ctx.app, 'PATCH', `/api/employers/${shop.id}`, who, {
      name: 'Corner\u2028Shop',
    });
    expectRefused(res, 'name', 'Employer name must be on one line');
    const list: { id: number; name: string }[] = (
      await callApi(ctx.app, 'GET', '/api/employers', who)
    ).json();
    expect(list.find((e) => e.id === shop.id)?.name).toBe('Corner Shop');
  });

  it('trims a line break at either end, as it trims spaces', async () => {
    const shop = await addEmployer(ctx.app, who, {
      name: '\nTrimmed Shop\r\n',
      hourlyRate: '10',
      departments: ['\u2028Bar\n'],
    });
    expect(shop).toMatchObject({ name: 'Trimmed Shop', departments: ['Bar'] });
  });

  it('refuses a work log department with a line break, and keeps a note’s line breaks', async () => {
    const shop = await addEmployer(ctx.app, who, {
      name: 'Bistro',
      hourlyRate: '10',
      departments: ['Bar'],
    });
    const log = { employerId: shop.id, date: '2026-03-02', startTime: '09:00', endTime: '17:00' };
    const refused = await callApi(ctx.app, 'POST', '/api/work-logs', who, {
      ...log,
      department: 'Bar\n=1+1',
    });
    expectRefused(refused, 'department', 'Department must be on one line');
    const saved = await callApi(ctx.app, 'POST', '/api/work-logs', who, {
      ...log,
      department: 'Bar',
      note: 'First line\nsecond\u2028third',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().note).toBe('First line\nsecond\u2028third');
  });

  it('refuses a first or last name with a line break, in the settings and at sign-up', async () => {
    const before = (await callApi(ctx.app, 'GET', '/api/auth/me', who)).json();
    const general = (body: object) => callApi(ctx.app, 'PATCH', '/api/settings/general', who, body);
    expectRefused(
      await general({ firstName: 'Ana\n=1+1' }),
      'firstName',
      'First name must be on one line',
    );
    expectRefused(
      await general({ lastName: 'Lima\u0085x' }),
      'lastName',
      'Last name must be on one line',
    );
    expect((await callApi(ctx.app, 'GET', '/api/auth/me', who)).json()).toEqual(before);
    const password = 'correct horse battery staple';
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'one-line@example.com',
        password,
        confirmPassword: password,
        firstName: 'Ana\u2029Lima',
      },
    });
    expectRefused(register, 'firstName', 'First name must be on one line');
  });
});
