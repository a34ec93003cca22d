import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

let ctx: TestContext;
let alice: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
});

const names = async (who: Session) =>
  (await callApi(ctx.app, 'GET', '/api/employers', who))
    .json()
    .map((e: { name: string }) => e.name);

describe('employer names', () => {
  it('refuses a second employer with the same name in any case, with a message, and adds nothing', async () => {
    await addEmployer(ctx.app, alice, { name: 'Harbour Café', hourlyRate: '20' });
    const res = await callApi(ctx.app, 'POST', '/api/employers', alice, {
      name: '  harbour CAFÉ ',
      hourlyRate: '25',
    });
    expect(res.statusCode).toBe(409);
    const message = 'You already have an employer named "Harbour Café"';
    expect(res.json()).toEqual({ code: 'conflict', message, errors: { name: message } });
    expect(await names(alice)).toEqual(['Harbour Café']);
  });

  it('refuses a rename onto another employer, but lets an employer change the case of its own', async () => {
    const user = await signUp(ctx.app);
    await addEmployer(ctx.app, user, { name: 'North', hourlyRate: '20' });
    const south = await addEmployer(ctx.app, user, { name: 'South', hourlyRate: '20' });
    const clash = await callApi(ctx.app, 'PATCH', `/api/employers/${south.id}`, user, {
      name: 'NORTH',
    });
    expect(clash.statusCode).toBe(409);
    const recase = await callApi(ctx.app, 'PATCH', `/api/employers/${south.id}`, user, {
      name: 'SOUTH',
    });
    expect(recase.statusCode).toBe(200);
    expect(await names(user)).toEqual(['North', 'SOUTH']);
  });

  it('compares names in every alphabet, not just A–Z', async () => {
    const user = await signUp(ctx.app);
    await addEmployer(ctx.app, user, { name: 'Ärzte Привет', hourlyRate: '20' });
    const res = await callApi(ctx.app, 'POST', '/api/employers', user, {
      name: 'ÄRZTE ПРИВЕТ',
      hourlyRate: '20',
    });
    expect(res.statusCode).toBe(409);
  });

  it('lets two users each have an employer of the same name', async () => {
    const bob = await signUp(ctx.app);
    await addEmployer(ctx.app, bob, { name: 'Harbour Café', hourlyRate: '20' });
    expect(await names(bob)).toEqual(['Harbour Café']);
  });

  it('creates exactly one of several parallel saves of one name', async () => {
    const user = await signUp(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callApi(ctx.app, 'POST', '/api/employers', user, { name: 'Race Co', hourlyRate: '10' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    expect(await names(user)).toEqual(['Race Co']);
  });
});

describe('employer rates as typed', () => {
  const create = (body: object) =>
    callApi(ctx.app, 'POST', '/api/employers', alice, { name: `Rates ${Math.random()}`, ...body });

  it('reads an empty tax rate as 0', async () => {
    for (const taxRate of ['', null, '  ']) {
      const res = await create({ hourlyRate: '20', taxRate });
      expect(res.statusCode, String(taxRate)).toBe(201);
      expect(res.json().taxRate).toBe('0.00');
    }
  });

  it('says what is wrong with an exponent, a negative, too many decimals or too much', async () => {
    const cases: [object, string, string][] = [
      [{ hourlyRate: '1e3' }, 'hourlyRate', 'Hourly rate must be a plain number like 24.50'],
      [{ hourlyRate: '-5' }, 'hourlyRate', 'Hourly rate must be at least 0'],
      [{ hourlyRate: '' }, 'hourlyRate', 'Hourly rate must be a positive number'],
      [{ hourlyRate: 'abc' }, 'hourlyRate', 'Hourly rate must be a positive number'],
      [{ hourlyRate: '20', taxRate: 'x' }, 'taxRate', 'Tax rate must be a number'],
      [{ hourlyRate: '24.505' }, 'hourlyRate', 'Hourly rate can have at most two decimal places'],
      [{ hourlyRate: '1000000.01' }, 'hourlyRate', 'Hourly rate must be at most 1,000,000'],
      [{ hourlyRate: '20', taxRate: '1e1' }, 'taxRate', 'Tax rate must be a plain number like 7.5'],
      [{ hourlyRate: '20', taxRate: '100.01' }, 'taxRate', 'Tax rate must be at most 100'],
      [{ hourlyRate: '20', taxRate: '-1' }, 'taxRate', 'Tax rate must be at least 0'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toEqual({ [field]: message });
    }
  });

  it('accepts rates sent as JSON numbers and keeps them exact', async () => {
    const res = await create({ hourlyRate: 24.49, taxRate: 7.5 });
    expect(res.json()).toMatchObject({ hourlyRate: '24.49', taxRate: '7.50' });
  });
});
