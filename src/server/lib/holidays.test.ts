import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daysOf, holidayCountries, holidayRegions, publicHolidays } from './holidays.ts';

const datesOf = (list: { date: string }[] | undefined) => list?.map((h) => h.date);
const nameOn = (list: { date: string; name: string }[] | undefined, date: string) =>
  list?.find((h) => h.date === date)?.name;

describe('holidayCountries', () => {
  it('lists every country of the library once, by English name', () => {
    const countries = holidayCountries();
    expect(countries.length).toBeGreaterThan(150);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const c of countries) expect(c.code).toMatch(/^[A-Z]{2}$/);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const byCode = new Map(countries.map((c) => [c.code, c.name]));
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('GB')).toBe('United Kingdom');
    expect(byCode.get('US')).toBe('United States of America');
  });

  it('answers a copy: changing it changes nothing for the next caller', () => {
    const first = holidayCountries();
    first.length = 0;
    expect(holidayCountries().length).toBeGreaterThan(150);
  });
});

describe('holidayRegions', () => {
  it("lists a country's states or provinces, any case of the country's code", () => {
    const us = holidayRegions('US');
    expect(us).toContainEqual({ code: 'CA', name: 'California' });
    expect(us).toContainEqual({ code: 'NY', name: 'New York' });
    expect(holidayRegions('us')).toEqual(us);
    expect(holidayRegions('GB')?.map((r) => r.code)).toEqual(
      expect.arrayContaining(['ENG', 'NIR', 'SCT', 'WLS']),
    );
    // The library names the German states in German.
    expect(holidayRegions('DE')).toContainEqual({ code: 'BY', name: 'Bayern' });
  });

  it('is empty for a country without regions and undefined for an unknown country', () => {
    expect(holidayRegions('IS')).toEqual([]);
    expect(holidayRegions('XX')).toBeUndefined();
    expect(holidayRegions('')).toBeUndefined();
  });
});

describe('publicHolidays', () => {
  it('gives the US federal holidays of 2026, with 4 July (a Saturday) observed on Friday 3 July too', () => {
    const us = publicHolidays('US', null, 2026);
    expect(us).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-19', name: 'Martin Luther King Jr. Day' },
      { date: '2026-02-16', name: "Washington's Birthday" },
      { date: '2026-05-25', name: 'Memorial Day' },
      { date: '2026-06-19', name: 'Juneteenth' },
      // The library gives both: the observed Friday as a substitute day, and the day itself.
      { date: '2026-07-03', name: 'Independence Day (substitute day)' },
      { date: '2026-07-04', name: 'Independence Day' },
      { date: '2026-09-07', name: 'Labour Day' },
      { date: '2026-10-12', name: 'Columbus Day' },
      { date: '2026-11-11', name: 'Veterans Day' },
      { date: '2026-11-26', name: 'Thanksgiving Day' },
      { date: '2026-12-25', name: 'Christmas Day' },
    ]);
  });

  it('leaves out holidays that are not public: observances, optional and bank days', () => {
    const us = datesOf(publicHolidays('US', null, 2026));
    expect(us).not.toContain('2026-02-14'); // Valentine's Day, an observance
    expect(us).not.toContain('2026-12-24'); // Christmas Eve, optional
    expect(us).not.toContain('2026-11-27'); // the day after Thanksgiving, an observance federally
  });

  it("adds a state's own holidays, and drops those it does not keep", () => {
    const ca = publicHolidays('US', 'CA', 2026);
    expect(nameOn(ca, '2026-03-31')).toBe('César Chávez Day');
    expect(nameOn(ca, '2026-11-27')).toBe('Day after Thanksgiving Day');
    expect(nameOn(ca, '2026-02-16')).toBe("Presidents' Day");
    expect(datesOf(ca)).not.toContain('2026-10-12'); // no Columbus Day in California
    expect(publicHolidays('us', 'ca', 2026)).toEqual(ca);
  });

  it('knows the German states apart: Epiphany in Bavaria, Women’s Day in Berlin', () => {
    const by = publicHolidays('DE', 'BY', 2026);
    const be = publicHolidays('DE', 'BE', 2026);
    expect(nameOn(by, '2026-01-06')).toBe('Epiphany');
    expect(datesOf(be)).not.toContain('2026-01-06');
    expect(nameOn(be, '2026-03-08')).toBe("International Women's Day");
    expect(datesOf(by)).not.toContain('2026-03-08');
    // Whole Germany: only the national days.
    const de = datesOf(publicHolidays('DE', null, 2026));
    expect(de).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
      '2026-10-03',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('gives England its bank holidays of 2026, Boxing Day (a Saturday) substituted on Monday', () => {
    expect(publicHolidays('GB', 'ENG', 2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-04', name: 'Early May bank holiday' },
      { date: '2026-05-25', name: 'Spring bank holiday' },
      { date: '2026-08-31', name: 'Summer bank holiday' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
    ]);
  });

  it('dates a substitute day in the year it falls in, across New Year', () => {
    // 1 January 2022 was a Saturday: observed on Friday 31 December 2021.
    const y2021 = publicHolidays('US', null, 2021);
    const y2022 = publicHolidays('US', null, 2022);
    expect(nameOn(y2021, '2021-12-31')).toBe("New Year's Day (substitute day)");
    expect(nameOn(y2021, '2021-12-24')).toBe('Christmas Day (substitute day)');
    expect(datesOf(y2022)?.[0]).toBe('2022-01-01');
    expect(datesOf(y2022)?.every((d) => d.startsWith('2022-'))).toBe(true);
    expect(nameOn(y2022, '2022-12-26')).toBe('Christmas Day (substitute day)');
  });

  it('gives each day of a holiday that lasts several days', () => {
    // Korean New Year, 'korean 01-0-01 P3D' in the library's data.
    const kr = publicHolidays('KR', null, 2026);
    expect(datesOf(kr)).toEqual(expect.arrayContaining(['2026-02-17', '2026-02-18', '2026-02-19']));
    expect(nameOn(kr, '2026-02-18')).toBe('Korean New Year');
    // An Islamic day begins the evening before ('2026-03-20 00:00:00 -0600'): still 20 to 22 March.
    const ae = publicHolidays('AE', null, 2026);
    const eid = ae?.filter((h) => h.name === 'End of Ramadan (Eid al-Fitr)').map((h) => h.date);
    expect(eid).toEqual(['2026-03-20', '2026-03-21', '2026-03-22']);
    // Armenia: New Year's Day lasts two days ('01-01 P2D').
    const am = publicHolidays('AM', null, 2026);
    expect(am?.slice(0, 2)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-02', name: "New Year's Day" },
    ]);
  });

  it('joins the names of two public holidays on one date', () => {
    // In Brazil, 21 April 2000 was both Tiradentes' Day and Good Friday (Easter: 23 April).
    const br = publicHolidays('BR', null, 2000);
    expect(br?.filter((h) => h.date === '2000-04-21')).toEqual([
      { date: '2000-04-21', name: "Tiradentes' Day / Good Friday" },
    ]);
  });

  it('is sorted by date with one entry per date', () => {
    for (const [country, region] of [
      ['US', null],
      ['DE', 'BY'],
      ['RU', null],
      ['KR', null],
      ['AE', null],
      ['IL', null],
    ] as const) {
      const dates = datesOf(publicHolidays(country, region, 2026)) ?? [];
      expect(dates.length).toBeGreaterThan(0);
      expect(dates).toEqual([...new Set(dates)].sort());
      for (const d of dates) expect(d).toMatch(/^2026-\d{2}-\d{2}$/);
    }
  });

  it('is undefined for an unknown country or region, or a region of another country', () => {
    expect(publicHolidays('XX', null, 2026)).toBeUndefined();
    expect(publicHolidays('US', 'ZZ', 2026)).toBeUndefined();
    expect(publicHolidays('DE', 'CA', 2026)).toBeUndefined();
    expect(publicHolidays('IS', 'A', 2026)).toBeUndefined();
    expect(publicHolidays('US', null, 2026.5)).toBeUndefined();
  });

  it('answers the same list again from its cache, as a copy', () => {
    const first = publicHolidays('GB', 'SCT', 2030);
    first?.splice(0);
    const again = publicHolidays('GB', 'SCT', 2030);
    expect(again?.length).toBeGreaterThan(5);
    // 30 November 2030 is a Saturday; the library's name has a typographic apostrophe.
    expect(nameOn(again, '2030-11-30')).toBe('St Andrew’s Day');
    expect(nameOn(again, '2030-12-02')).toBe('St Andrew’s Day (substitute day)');
  });

  it('runs over every country and state of the library, in 2000 and 2100, without failing', () => {
    for (const { code } of holidayCountries()) {
      expect(publicHolidays(code, null, 2000), code).toBeDefined();
      for (const region of holidayRegions(code) ?? []) {
        expect(publicHolidays(code, region.code, 2100), `${code}-${region.code}`).toBeDefined();
      }
    }
  }, 60_000);

  it("has the library's limits: Islamic dates end in 2076, Hebrew ones in 2099", () => {
    // Said in decision 038; a library update that goes further fails this, to update both.
    const eid = (year: number) =>
      publicHolidays('AE', null, year)?.filter((h) => h.name.includes('Eid al-Fitr')).length;
    expect(eid(2076)).toBe(3);
    expect(eid(2077)).toBe(0);
    expect(publicHolidays('IL', null, 2099)?.length).toBeGreaterThan(5);
    expect(publicHolidays('IL', null, 2100)).toEqual([]);
  });
});

describe('daysOf', () => {
  const at = (iso: string) => new Date(iso);
  it('covers the first date through the day its last moment falls in', () => {
    expect(
      daysOf({
        date: '2026-12-24 14:00:00',
        start: at('2026-12-24T14:00:00Z'),
        end: at('2026-12-27T00:00:00Z'),
      }),
    ).toEqual(['2026-12-24', '2026-12-25', '2026-12-26']);
    expect(
      daysOf({
        date: '2026-10-31 18:00:00',
        start: at('2026-10-31T18:00:00Z'),
        end: at('2026-11-01T00:00:00Z'),
      }),
    ).toEqual(['2026-10-31']);
  });

  it('ignores less than an hour past midnight: a day the server clock began at 01:00', () => {
    // What the library gives under TZ=Africa/Cairo, whose clocks skip 24 April 2026 00:00.
    expect(
      daysOf({
        date: '2026-04-24 01:00:00',
        start: at('2026-04-24T01:00:00Z'),
        end: at('2026-04-25T01:00:00Z'),
      }),
    ).toEqual(['2026-04-24']);
  });

  it('refuses a date string it cannot read', () => {
    expect(() => daysOf({ date: '24/12/2026', start: new Date(), end: new Date() })).toThrow();
  });
});

/** The lists as a server in time zone `tz` makes them (its own process: TZ is read at start). */
function listsIn(tz: string, cases: readonly (readonly [string, string | null, number])[]) {
  const module = JSON.stringify(join(import.meta.dirname, 'holidays.ts'));
  const script = `import { publicHolidays } from ${module};
const lists = ${JSON.stringify(cases)}.map(([c, r, y]) => publicHolidays(c, r, y));
process.stdout.write(JSON.stringify({ offset: new Date('2026-01-01').getTimezoneOffset(), lists }));`;
  return new Promise<{ offset: number; lists: unknown }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env: { ...process.env, TZ: tz },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exited with ${code}`)),
    );
  });
}

describe('time zone of the server', () => {
  const cases = [
    ['US', null, 2026],
    ['US', 'CA', 2026],
    ['US', null, 2021],
    ['DE', 'BY', 2026],
    ['DE', 'BE', 2026],
    ['GB', 'ENG', 2026],
    ['AM', null, 2026],
    ['AE', null, 2026],
    ['KR', null, 2026],
    ['NZ', null, 2026],
    ['CL', null, 2026],
  ] as const;

  it('makes no difference: the same dates from UTC+14 to UTC−8, and where midnight is skipped', async () => {
    const expected = cases.map(([c, r, y]) => publicHolidays(c, r, y));
    const zones = ['Pacific/Kiritimati', 'America/Los_Angeles', 'Africa/Cairo', 'UTC'];
    const answers = await Promise.all(zones.map((tz) => listsIn(tz, cases)));
    // Each child really ran in its zone (minutes behind UTC on 1 January 2026).
    expect(answers.map((a) => a.offset)).toEqual([-840, 480, -120, 0]);
    for (const [i, tz] of zones.entries()) expect(answers[i]?.lists, tz).toEqual(expected);
  }, 60_000);
});
