import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie } = await signUp(ctx.app));
});

const get = (url: string, signedIn = true) =>
  ctx.app.inject({ method: 'GET', url, headers: signedIn ? { cookie } : {} });

const COUNTRY = 'Choose a country from the list';
const REGION = 'Choose a region of that country from the list';
const YEAR = 'Year must be between 2000 and 2100';

describe('GET /api/holidays/countries', () => {
  it('lists the countries by English name', async () => {
    const res = await get('/api/holidays/countries');
    expect(res.statusCode).toBe(200);
    const { countries } = res.json() as { countries: { code: string; name: string }[] };
    expect(countries).toContainEqual({ code: 'US', name: 'United States of America' });
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('answers 401 when signed out', async () => {
    const res = await get('/api/holidays/countries', false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('GET /api/holidays/regions', () => {
  it("lists a country's regions, whatever the case of its code", async () => {
    const res = await get('/api/holidays/regions?country=us');
    expect(res.statusCode).toBe(200);
    expect(res.json().regions).toContainEqual({ code: 'CA', name: 'California' });
  });

  it('answers an empty list for a country without regions', async () => {
    const res = await get('/api/holidays/regions?country=IS');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ regions: [] });
  });

  it('refuses an unknown or malformed country on its field', async () => {
    for (const query of ['country=XX', 'country=USA', 'country=1', '', 'country=']) {
      const res = await get(`/api/holidays/regions?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        code: 'validation_failed',
        message: COUNTRY,
        errors: { country: COUNTRY },
      });
    }
  });

  it('answers 401 when signed out, before looking at the country', async () => {
    expect((await get('/api/holidays/regions?country=XX', false)).statusCode).toBe(401);
  });
});

describe('GET /api/holidays', () => {
  it("answers California's public holidays of 2026, substitute days included", async () => {
    const res = await get('/api/holidays?country=US&region=CA&year=2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { holidays } = res.json() as { holidays: { date: string; name: string }[] };
    expect(holidays.slice(0, 6)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-19', name: 'Martin Luther King Jr. Day' },
      { date: '2026-02-16', name: "Presidents' Day" },
      { date: '2026-03-31', name: 'César Chávez Day' },
      { date: '2026-05-25', name: 'Memorial Day' },
      { date: '2026-06-19', name: 'Juneteenth' },
    ]);
    expect(holidays).toContainEqual({
      date: '2026-07-03',
      name: 'Independence Day (substitute day)',
    });
    expect(holidays).toContainEqual({ date: '2026-07-04', name: 'Independence Day' });
  });

  it('answers the whole country without a region, or with an empty one', async () => {
    const whole = await get('/api/holidays?country=DE&year=2026');
    const empty = await get('/api/holidays?country=DE&region=&year=2026');
    expect(whole.statusCode).toBe(200);
    expect(empty.json()).toEqual(whole.json());
    expect(whole.json().holidays).not.toContainEqual(
      expect.objectContaining({ date: '2026-01-06' }),
    );
  });

  it('tells the German states apart, and England has Easter Monday', async () => {
    const by = (await get('/api/holidays?country=DE&region=BY&year=2026')).json();
    const be = (await get('/api/holidays?country=de&region=be&year=2026')).json();
    expect(by.holidays).toContainEqual({ date: '2026-01-06', name: 'Epiphany' });
    expect(be.holidays).toContainEqual({ date: '2026-03-08', name: "International Women's Day" });
    expect(be.holidays).not.toContainEqual(expect.objectContaining({ date: '2026-01-06' }));
    const eng = (await get('/api/holidays?country=GB&region=ENG&year=2026')).json();
    expect(eng.holidays).toContainEqual({ date: '2026-04-06', name: 'Easter Monday' });
    // A region code the library spells in mixed case, sent in any case.
    const cook = await get('/api/holidays?country=ck&region=rarotonga&year=2026');
    expect(cook.statusCode).toBe(200);
    expect(cook.json().holidays.length).toBeGreaterThan(5);
  });

  it('answers a year on its own: the 2021 list ends with 2022 New Year observed on 31 December', async () => {
    const y2021 = (await get('/api/holidays?country=US&year=2021')).json();
    expect(y2021.holidays.at(-1)).toEqual({
      date: '2021-12-31',
      name: "New Year's Day (substitute day)",
    });
    const y2022 = (await get('/api/holidays?country=US&year=2022')).json();
    expect(y2022.holidays[0]).toEqual({ date: '2022-01-01', name: "New Year's Day" });
  });

  it('refuses an unknown country, or a region not of that country, on its field', async () => {
    const cases: [string, 'country' | 'region', string][] = [
      ['country=XX&year=2026', 'country', COUNTRY],
      ['country=XX&region=CA&year=2026', 'country', COUNTRY],
      ['country=US&region=ZZ&year=2026', 'region', REGION],
      ['country=DE&region=CA&year=2026', 'region', REGION],
      ['country=IS&region=A&year=2026', 'region', REGION],
      ['country=US&region=C-A&year=2026', 'region', REGION],
      ['year=2026', 'country', COUNTRY],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/holidays?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        code: 'validation_failed',
        message,
        errors: { [field]: message },
      });
    }
  });

  it('refuses a year outside 2000 to 2100, or no whole number', async () => {
    for (const year of ['1999', '2101', '2026.5', 'next', '', '-2026', '1e3']) {
      const res = await get(`/api/holidays?country=US&year=${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json(), year).toEqual({
        code: 'validation_failed',
        message: YEAR,
        errors: { year: YEAR },
      });
    }
    const missing = await get('/api/holidays?country=US');
    expect(missing.json().errors).toEqual({ year: YEAR });
    for (const year of ['2000', '2100']) {
      expect((await get(`/api/holidays?country=US&year=${year}`)).statusCode, year).toBe(200);
    }
  });

  it('answers 401 when signed out, whatever the query', async () => {
    for (const query of ['country=US&year=2026', 'country=XX&year=1']) {
      const res = await get(`/api/holidays?${query}`, false);
      expect(res.statusCode, query).toBe(401);
    }
  });
});
