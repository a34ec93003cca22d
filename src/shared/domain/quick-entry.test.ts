import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorkLogBodySchema } from '../schemas/work-logs.ts';
import {
  formatQuickEntry,
  parseQuickEntry,
  type QuickEntryContext,
  type QuickEntryDraft,
  type QuickEntryEmployer,
} from './quick-entry.ts';

const hospital: QuickEntryEmployer = {
  id: 1,
  name: 'City Hospital',
  departments: ['ER', 'ICU'],
  premiums: [
    { id: 'charge', name: 'Charge nurse' },
    { id: 'precept', name: 'Preceptor' },
  ],
};
const diner: QuickEntryEmployer = {
  id: 2,
  name: 'Evening Diner',
  departments: ['Kitchen'],
  premiums: [],
};
const er: QuickEntryEmployer = { id: 3, name: 'ER Staffing', departments: [], premiums: [] };

// A Saturday.
const today = '2026-03-07';
const context: QuickEntryContext = { employers: [hospital, diner], today };

const draftOf = (text: string, ctx = context) => {
  const result = parseQuickEntry(text, ctx);
  if (!result.ok) throw new Error(`Not read: ${JSON.stringify(result.problems)}`);
  return result.draft;
};
const problemsOf = (text: string, ctx = context) => {
  const result = parseQuickEntry(text, ctx);
  if (result.ok) throw new Error(`Read: ${JSON.stringify(result.draft)}`);
  return result.problems.map((p) => p.message);
};

describe('parseQuickEntry', () => {
  it('reads the example: department, tomorrow, a night shift, a break and a by-hand premium', () => {
    expect(draftOf('ER tomorrow 22-6:30 b30 charge')).toEqual({
      employerId: 1,
      department: 'ER',
      date: '2026-03-08',
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
      manualPremiumIds: ['charge'],
    });
  });

  it('finds an employer by its name, the start of it or its initials, whatever the case', () => {
    for (const name of ['"City Hospital"', 'city hospital', 'city', 'CH', 'ch', '@city']) {
      expect(draftOf(`${name} 9-17`).employerId).toBe(1);
    }
    expect(draftOf('evening diner kitchen 9-17')).toMatchObject({
      employerId: 2,
      department: 'Kitchen',
    });
    expect(draftOf('ED 9-17').employerId).toBe(2);
    expect(draftOf('diner 9-17').employerId).toBe(2);
    expect(draftOf('city 9-17 nurse').manualPremiumIds).toEqual(['charge']);
  });

  it.each([
    ['today', today],
    ['tomorrow', '2026-03-08'],
    ['yesterday', '2026-03-06'],
    ['sat', '2026-03-07'], // today is a Saturday: the most recent one is today
    ['fri', '2026-03-06'],
    ['Sunday', '2026-03-01'],
    ['next sat', '2026-03-14'],
    ['next sun', '2026-03-08'],
    ['last sat', '2026-02-28'],
    ['last fri', '2026-03-06'],
    ['2026-02-14', '2026-02-14'],
    ['Mar 3', '2026-03-03'],
    ['march 3rd', '2026-03-03'],
    ['3 Mar', '2026-03-03'],
    ['Dec 30', '2025-12-30'], // the nearest Dec 30 to Mar 7, 2026
    ['Aug 1', '2026-08-01'],
    ['Mar 3 2025', '2025-03-03'],
  ])('reads the date %s', (word, date) => {
    expect(draftOf(`city ${word} 9-17`).date).toBe(date);
  });

  it('takes today when no date is written', () => {
    expect(draftOf('city 9-17').date).toBe(today);
  });

  it.each([
    ['22-6:30', '22:00', '06:30'],
    ['22 - 6:30', '22:00', '06:30'],
    ['10pm to 6am', '22:00', '06:00'],
    ['9am-5pm', '09:00', '17:00'],
    ['9:15a-1:45p', '09:15', '13:45'],
    ['0900-1730', '09:00', '17:30'],
    ['07:00-15:00', '07:00', '15:00'],
    ['12-20', '12:00', '20:00'],
    ['23- 7', '23:00', '07:00'],
    ['23 -7', '23:00', '07:00'],
  ])('reads the times %s', (written, startTime, endTime) => {
    expect(draftOf(`city ${written}`)).toMatchObject({ startTime, endTime });
  });

  it.each([
    ['b30', 30],
    ['b1h', 60],
    ['b1h30', 90],
    ['b45m', 45],
    ['break 30', 30],
    ['break 1h', 60],
    ['b0', 0],
  ])('reads the break %s', (written, minutes) => {
    expect(draftOf(`city 22-6 ${written}`).breakDuration).toBe(minutes);
  });

  it('switches on the employer’s by-hand premiums by their name or its start, in the employer’s order', () => {
    expect(draftOf('city 9-17 precept charge').manualPremiumIds).toEqual(['charge', 'precept']);
    expect(draftOf('city 9-17 "charge nurse"').manualPremiumIds).toEqual(['charge']);
    expect(draftOf('city 9-17 +charge +charge').manualPremiumIds).toEqual(['charge']);
  });

  it('names each word it does not know, and reads nothing', () => {
    expect(problemsOf('ER tomorrow 22-6:30 xyz charge qq')).toEqual([
      'Don’t know “xyz”',
      'Don’t know “qq”',
    ]);
  });

  it('names the choices of an ambiguous word', () => {
    expect(problemsOf('E 9-17')).toEqual(['“E” could be ER (City Hospital) or Evening Diner']);
    // An employer's whole name wins over a department of the same name.
    expect(
      draftOf('ER 9-17', { employers: [hospital, { ...er, name: 'ER' }], today }),
    ).toMatchObject({
      employerId: 3,
      department: null,
    });
  });

  it('refuses a premium or department of another employer', () => {
    expect(problemsOf('diner 9-17 charge')).toEqual([
      '“charge” is not a department or premium of Evening Diner',
    ]);
  });

  it('says what is missing', () => {
    expect(problemsOf('tomorrow 9-17')).toEqual([
      'Which employer? Start with its name, e.g. “ER tomorrow 22-6:30”',
    ]);
    expect(problemsOf('city tomorrow')).toEqual(['Add the start and end times, e.g. 22-6:30']);
  });

  it('asks for am or pm when times could be either', () => {
    expect(problemsOf('city 9-5')).toEqual([
      '“9-5” could be morning or evening: write am or pm (9am-5pm) or 24-hour times (09:00-17:00)',
    ]);
    expect(problemsOf('city 9-5pm')).toHaveLength(1);
  });

  it('refuses what the server would refuse', () => {
    expect(problemsOf('city 09:00-09:00')).toEqual(['End time must be different from start time']);
    expect(problemsOf('city 9am-10am b60')).toEqual(['Break must be shorter than the shift']);
    expect(problemsOf('city 2019-12-31 9-17')).toEqual(['Dates start at 2020-01-01']);
    expect(problemsOf('city Feb 30 9-17')).toEqual(['“Feb 30” is not a real date']);
    expect(problemsOf('city 2026-02-30 9-17')).toEqual(['“2026-02-30” is not a real date']);
    expect(problemsOf('city 9-17 b2000')).toEqual(['Break must be shorter than the shift']);
  });

  it('refuses two of anything', () => {
    expect(problemsOf('city today tomorrow 9-17')).toEqual(['Two dates: “today” and “tomorrow”']);
    expect(problemsOf('city 9-17 18-20')).toEqual(['Two times: “9-17” and “18-20”']);
    expect(problemsOf('city 9-17 b30 b15')).toEqual(['Two breaks: “b30” and “b15”']);
    expect(problemsOf('ER ICU 9-17')).toEqual(['Two departments: “ER” and “ICU”']);
  });

  it('points out a date word that also starts a name instead of choosing', () => {
    const sunrise = { id: 9, name: 'Sunrise Cafe', departments: [], premiums: [] };
    expect(problemsOf('sun 9-17', { employers: [sunrise], today })).toEqual([
      '“sun” could be Sun, Mar 1, 2026 or Sunrise Cafe: write the name in quotes',
      'Which employer? Start with its name, e.g. “ER tomorrow 22-6:30”',
    ]);
    expect(draftOf('"sunrise cafe" 9-17', { employers: [sunrise], today }).employerId).toBe(9);
  });

  it('names words as they were typed, spaces and all', () => {
    // A premium named with two spaces, typed without its employer; then dates and times spaced out.
    const spaced = { ...diner, premiums: [{ id: 'p', name: "lu5  a2s5'g" }] };
    expect(problemsOf("lu5  a2s5'g 9am-5pm", { employers: [spaced], today })).toContain(
      "Don’t know “lu5  a2s5'g” without an employer",
    );
    expect(problemsOf('city next   mon today 9am-5pm')).toEqual([
      'Two dates: “next   mon” and “today”',
    ]);
    expect(problemsOf('city 9  -  5')).toEqual([
      '“9  -  5” could be morning or evening: write am or pm (9am-5pm) or 24-hour times (09:00-17:00)',
    ]);
  });

  it('says when a quote is left open', () => {
    expect(problemsOf('"city 9-17')).toContain('A quote mark (") is not closed');
  });
});

// --- Property: what is shown is what is saved ------------------------------------------------

const nameArb = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -\'"&.éß'.split('')), {
    minLength: 1,
    maxLength: 14,
  })
  .map((chars) => chars.join('').trim())
  .filter((name) => name !== '');

const uniqueNames = (min: number, max: number) =>
  fc.uniqueArray(nameArb, { minLength: min, maxLength: max, selector: (n) => n.toLowerCase() });

const contextArb: fc.Arbitrary<QuickEntryContext> = fc
  .record({
    names: uniqueNames(1, 4),
    departments: fc.array(uniqueNames(0, 3), { minLength: 4, maxLength: 4 }),
    premiums: fc.array(uniqueNames(0, 3), { minLength: 4, maxLength: 4 }),
    today: fc
      .date({ min: new Date('2020-02-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString().slice(0, 10)),
  })
  .map(({ names, departments, premiums, today }) => ({
    today,
    employers: names.map((name, i) => ({
      id: i + 1,
      name,
      departments: departments[i] ?? [],
      premiums: (premiums[i] ?? []).map((premium, j) => ({ id: `p${i}-${j}`, name: premium })),
    })),
  }));

const draftArb = (ctx: QuickEntryContext): fc.Arbitrary<QuickEntryDraft> =>
  fc
    .record({
      employer: fc.constantFrom(...ctx.employers),
      dateOffset: fc.integer({ min: -400, max: 400 }),
      start: fc.integer({ min: 0, max: 1439 }),
      length: fc.integer({ min: 1, max: 1439 }),
      breakShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
      departmentPick: fc.nat(),
      premiumPicks: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    })
    .map(({ employer, dateOffset, start, length, breakShare, departmentPick, premiumPicks }) => {
      const clock = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const date = new Date(`${ctx.today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + dateOffset);
      const day = date.toISOString().slice(0, 10);
      const departments = employer.departments;
      return {
        employerId: employer.id,
        department:
          departments.length === 0 || departmentPick % 2 === 0
            ? null
            : (departments[departmentPick % departments.length] as string),
        date: day < '2020-01-01' ? '2020-01-01' : day,
        startTime: clock(start),
        endTime: clock((start + length) % 1440),
        breakDuration: Math.floor(breakShare * length),
        manualPremiumIds: employer.premiums.filter((_, i) => premiumPicks[i]).map((p) => p.id),
      };
    });

describe('parseQuickEntry and formatQuickEntry', () => {
  it('read back any draft written out as the same draft, a body the server takes as it is', () => {
    fc.assert(
      fc.property(
        contextArb.chain((ctx) => fc.tuple(fc.constant(ctx), draftArb(ctx))),
        ([ctx, draft]) => {
          const text = formatQuickEntry(draft, ctx);
          const result = parseQuickEntry(text, ctx);
          expect(result).toEqual({ ok: true, draft });
          // The draft is sent as it is: the server's schema reads it to the same fields.
          const body = createWorkLogBodySchema.parse(draft);
          expect(body).toMatchObject(draft);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws, and answers a draft or at least one problem naming what was typed', () => {
    // Lines made of the user's names (whole, started, in any case), dates, times, breaks, junk.
    const lineArb = (ctx: QuickEntryContext) => {
      const names = ctx.employers.flatMap((e) => [
        e.name,
        ...e.departments,
        ...e.premiums.map((p) => p.name),
      ]);
      const word = fc.oneof(
        fc.constantFrom(...names).chain((n) =>
          fc.oneof(
            fc.constant(n),
            fc.constant(`"${n.replaceAll('"', '""')}"`),
            fc.integer({ min: 1, max: n.length }).map((k) => n.slice(0, k).toUpperCase()),
          ),
        ),
        fc.constantFrom(
          'today',
          'tomorrow',
          'fri',
          'next mon',
          'Mar 3',
          '2026-02-29',
          '2026-03-01',
        ),
        fc.constantFrom('22-6:30', '9-5', '9am-5pm', '07:00-07:00', '10pm to 6am', '23 -7'),
        fc.constantFrom('b30', 'b1h', 'break 45', 'b2000'),
        fc.string({ maxLength: 6 }),
      );
      return fc.array(word, { maxLength: 6 }).map((words) => words.join(' '));
    };
    fc.assert(
      fc.property(
        contextArb.chain((ctx) => fc.tuple(fc.constant(ctx), lineArb(ctx))),
        ([ctx, text]) => {
          const result = parseQuickEntry(text, ctx);
          if (result.ok) {
            expect(createWorkLogBodySchema.safeParse(result.draft).success).toBe(true);
            // A draft read from any text also reads back through its own line.
            expect(parseQuickEntry(formatQuickEntry(result.draft, ctx), ctx)).toEqual(result);
          } else {
            expect(result.problems.length).toBeGreaterThan(0);
            for (const { word } of result.problems) {
              if (word !== null)
                expect(text.toLowerCase()).toContain(word.toLowerCase().split(', ')[0]);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
