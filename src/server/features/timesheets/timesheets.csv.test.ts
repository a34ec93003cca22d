import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyString } from '../../../shared/domain/index.ts';
import { payShift } from '../../../shared/domain/pay-engine.ts';
import {
  formatHoursMinutes,
  formatHundredths,
  toHundredths,
} from '../../../shared/domain/pay-text.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/settings.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { setEmployerRules } from '../../test/pay-rules.ts';
import { neutralise } from './report-csv.ts';

/** Tax changes on an employer with shifts say which shifts they reach. */
const EVERY_SHIFT = { from: 'every' } as const;

let ctx: TestContext;
let alice: Session;

type Log = Omit<CreateWorkLogBody, 'employerId'>;

async function csvOf(who: Session, body: Record<string, unknown>) {
  const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', who, {
    format: 'csv',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  const download = await callApi(ctx.app, 'GET', res.json().downloadUrl, who);
  return download.rawPayload;
}

const records = (bytes: Buffer, delimiter = ','): string[][] =>
  parse(bytes, { bom: true, delimiter, relax_column_count: false, record_delimiter: '\r\n' });

/** The file's parts: the facts above the table, the table's header, its rows and what follows. */
function partsOf(rows: string[][]) {
  const at = rows.findIndex((r) => r[0] === 'Date');
  const width = rows[at]?.length ?? 0;
  const blank = Array(width).fill('');
  const end = rows.findIndex((r, i) => i > at && r.every((cell) => cell === ''));
  const table = rows.slice(at + 1, end === -1 ? undefined : end);
  return {
    about: Object.fromEntries(rows.slice(0, at - 1).map((r) => [r[0], r[1]])),
    gap: rows[at - 1],
    blank,
    header: rows[at],
    table,
    after: end === -1 ? [] : rows.slice(end + 1),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app, { firstName: 'Alice', lastName: 'Moreau' });
});

describe('the CSV timesheet', () => {
  it('reads back row by row as the pay engine computes each log, then the totals', async () => {
    const bistro = await addEmployer(ctx.app, alice, {
      name: 'Bistro, "The Corner"',
      hourlyRate: '18.40',
      taxRate: '7.5',
      departments: ['Kitchen', 'Bar; upstairs'],
    });
    const logs: Log[] = [
      {
        date: '2026-03-02',
        startTime: '07:55',
        endTime: '16:02',
        breakDuration: 30,
        department: 'Kitchen',
      },
      {
        date: '2026-03-03',
        startTime: '21:10',
        endTime: '02:48',
        note: 'Closed, then "deep clean"\nof the bar',
      },
      {
        date: '2026-03-09',
        startTime: '12:00',
        endTime: '18:30',
        department: 'Bar; upstairs',
        hourlyRateAtTime: '22',
      },
    ];
    for (const log of logs) await addWorkLog(ctx.app, alice, { employerId: bistro.id, ...log });
    const rules = {
      roundingStep: '15',
      roundingDirection: 'nearest',
      precision: 'minutes',
    } as const;
    await setEmployerRules(ctx, alice.userId, bistro.id, rules);

    const bytes = await csvOf(alice, { employerId: bistro.id, includeNotes: true });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const { about, gap, blank, header, table, after } = partsOf(records(bytes));
    expect(header).toEqual([
      'Date',
      'Department',
      'Start',
      'End',
      'Ends next day',
      'Break (min)',
      'Time (h:mm)',
      'Hours',
      'Rate (USD)',
      'Earnings (USD)',
      'Note',
    ]);
    const expected = logs.map((log, id) => {
      const rate = log.hourlyRateAtTime === '22' ? 2200 : 1840;
      const pay = payShift(
        {
          id,
          date: log.date,
          startTime: log.startTime,
          endTime: log.endTime,
          breakDuration: log.breakDuration ?? 0,
          timeZone: DEFAULT_TIME_ZONE,
          ownRateCents: rate,
        },
        {
          ...rules,
          taxMethod: 'add',
          taxBasisPoints: 750,
          rates: [{ effectiveFrom: null, rateCents: 1840 }],
        },
      );
      if ('field' in pay) throw new Error(pay.message);
      return [
        log.date,
        log.department ?? 'General',
        log.startTime,
        log.endTime,
        log.endTime < log.startTime ? 'Yes' : 'No',
        String(log.breakDuration ?? 0),
        formatHoursMinutes(pay.paidMinutes),
        formatHundredths(toHundredths(pay.paidMinutes)),
        formatMoneyString(rate),
        formatMoneyString(pay.payCents),
        log.note ?? '',
      ];
    });
    expect(table).toEqual(expected);
    // Every record has the header's width; empty ones part the facts, the rows and the totals.
    expect(gap).toEqual(blank);
    expect(blank).toHaveLength(11);
    expect(about).toEqual({
      Worker: 'Alice Moreau',
      Employer: 'Bistro, "The Corner"',
      Period: '2026-03-01 to 2026-03-31',
      'Due date': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      Rounding: 'Each shift rounded to the nearest 15 minutes (halves up), after the break',
      Pay: 'Pay = minutes × rate ÷ 60, to the cent',
      Tax: '7.50% added to the gross',
    });
    const summary = Object.fromEntries(after.map((r) => [r[0], r[1]]));
    expect(summary).toMatchObject({ Shifts: '3', 'Tax rate (%)': '7.50' });
    // By hand from the printed rows: 8:00 + 5:45 + 6:30 (15-minute steps, halves up).
    expect(table.map((row) => row[6])).toEqual(['7:30', '5:45', '6:30']);
    expect(table.map((row) => row[9])).toEqual(['138.00', '105.80', '143.00']);
    const gross = expected.reduce((sum, row) => sum + Math.round(Number(row[9]) * 100), 0);
    const tax = Math.round((gross * 75) / 1000);
    expect(summary['Total time (h:mm)']).toBe('19:45');
    expect(summary['Total hours']).toBe('19.75');
    expect(summary['Gross (USD)']).toBe(formatMoneyString(gross));
    expect(summary['Tax (7.50%) added (USD)']).toBe(formatMoneyString(tax));
    expect(summary['Total due (USD)']).toBe(formatMoneyString(gross + tax));
  });

  it('leaves the totals out when the user turned the summary off, and notes unless asked', async () => {
    const bob = await signUp(ctx.app, { firstName: 'Bob' });
    await callApi(ctx.app, 'PATCH', '/api/settings/export', bob, { includeSummary: false });
    await callApi(ctx.app, 'PATCH', '/api/settings/general', bob, { currency: 'EUR' });
    const shop = await addEmployer(ctx.app, bob, { name: 'Shop', hourlyRate: '10' });
    await addWorkLog(ctx.app, bob, {
      employerId: shop.id,
      date: '2026-03-04',
      startTime: '09:00',
      endTime: '10:00',
      note: 'secret',
    });
    const rows = records(await csvOf(bob, { employerId: shop.id }));
    const { about, header, table, after } = partsOf(rows);
    expect(about).toMatchObject({ Worker: 'Bob', Employer: 'Shop' });
    expect(header).toEqual([
      'Date',
      'Department',
      'Start',
      'End',
      'Ends next day',
      'Break (min)',
      'Time (h:mm)',
      'Hours',
      'Rate (EUR)',
      'Earnings (EUR)',
    ]);
    expect(table).toEqual([
      ['2026-03-04', 'General', '09:00', '10:00', 'No', '0', '1:00', '1.00', '10.00', '10.00'],
    ]);
    expect(after).toEqual([]);
    expect(rows.at(-1)?.[0]).toBe('2026-03-04');
  });

  it('says so when there was no shift in the range', async () => {
    const shop = await addEmployer(ctx.app, alice, { name: 'Quiet Shop', hourlyRate: '10' });
    const rows = records(await csvOf(alice, { employerId: shop.id }));
    expect(rows.flat()).toContain('No shifts were logged for this employer in this period.');
    expect(rows.find((r) => r[0] === 'Shifts')?.[1]).toBe('0');
  });

  it('neutralises cells a spreadsheet would run as formulas, and keeps their text', async () => {
    const risky = ['=1+1', '+x', '-x', '@x'];
    const shop = await addEmployer(ctx.app, alice, {
      name: '=HYPERLINK("x")',
      hourlyRate: '10',
      departments: risky,
    });
    for (const [i, text] of risky.entries()) {
      await addWorkLog(ctx.app, alice, {
        employerId: shop.id,
        date: `2026-03-1${i}`,
        startTime: '09:00',
        endTime: '10:00',
        department: text,
        note: text,
      });
    }
    // The API trims leading whitespace; a tab or CR can still arrive from an older import.
    await ctx.database.db.execute(sql`insert into work_logs (user_id, employer_id, date, start_time, end_time, note)
      values (${alice.userId}, ${shop.id}, '2026-03-20', '09:00', '10:00', ${'\tx'}),
             (${alice.userId}, ${shop.id}, '2026-03-21', '09:00', '10:00', ${'\rx'})`);
    const rows = records(await csvOf(alice, { employerId: shop.id, includeNotes: true }));
    const logRows = partsOf(rows).table;
    expect(logRows.map((r) => r[1])).toEqual(["'=1+1", "'+x", "'-x", "'@x", 'General', 'General']);
    expect(logRows.map((r) => r[10])).toEqual(["'=1+1", "'+x", "'-x", "'@x", "'\tx", "'\rx"]);
    expect(rows.find((r) => r[0] === 'Employer')?.[1]).toBe(`'=HYPERLINK("x")`);
    // Nothing else starts with a formula character.
    const starts = rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(starts).toEqual([]);
  });
});

describe('what the CSV timesheet states', () => {
  it('shows no tax line at all for an employer with a 0 % tax rate', async () => {
    const shop = await addEmployer(ctx.app, alice, { name: 'Corner Shop', hourlyRate: '10' });
    await addWorkLog(ctx.app, alice, {
      employerId: shop.id,
      date: '2026-03-05',
      startTime: '09:00',
      endTime: '11:00',
    });
    const rows = records(await csvOf(alice, { employerId: shop.id }));
    expect(rows.flat().filter((cell) => /tax/i.test(cell))).toEqual([]);
    const { about, after } = partsOf(rows);
    expect(about).toMatchObject({ Worker: 'Alice Moreau', Rounding: 'Not rounded: exact minutes' });
    expect(Object.fromEntries(after.map((r) => [r[0], r[1]]))).toMatchObject({
      'Gross (USD)': '20.00',
      'Total due (USD)': '20.00',
    });
  });

  it('states the tax method: deducted, or none when the employer takes no tax', async () => {
    const carol = await signUp(ctx.app, { firstName: 'Carol' });
    const shop = await addEmployer(ctx.app, carol, {
      name: 'Taxed',
      hourlyRate: '10',
      taxRate: '20',
    });
    await addWorkLog(ctx.app, carol, {
      employerId: shop.id,
      date: '2026-03-05',
      startTime: '09:00',
      endTime: '11:00',
    });
    await callApi(ctx.app, 'PATCH', `/api/employers/${shop.id}`, carol, {
      taxMethod: 'deduct',
      applyChange: EVERY_SHIFT,
    });
    const deducted = partsOf(records(await csvOf(carol, { employerId: shop.id })));
    expect(deducted.about.Tax).toBe('20.00% deducted from the gross');
    expect(Object.fromEntries(deducted.after.map((r) => [r[0], r[1]]))).toMatchObject({
      'Tax (20.00%) deducted (USD)': '4.00',
      'Total due (USD)': '16.00',
    });
    await callApi(ctx.app, 'PATCH', `/api/employers/${shop.id}`, carol, {
      taxMethod: 'none',
      applyChange: EVERY_SHIFT,
    });
    const none = partsOf(records(await csvOf(carol, { employerId: shop.id })));
    expect(none.about.Tax).toBe('None');
    expect(none.after.map((r) => r[0])).toEqual([
      'Shifts',
      'Total time (h:mm)',
      'Total hours',
      'Gross (USD)',
      'Total due (USD)',
    ]);
  });
});

describe('the CSV formats', () => {
  /** Both files of one timesheet: commas and decimal points, then semicolons and decimal commas. */
  async function bothFormats() {
    const dana = await signUp(ctx.app, { firstName: 'Dana', lastName: 'Weiß' });
    await callApi(ctx.app, 'PATCH', '/api/settings/general', dana, { currency: 'EUR' });
    const big = await addEmployer(ctx.app, dana, {
      name: 'Groß; GmbH',
      hourlyRate: '1234.56',
      taxRate: '19',
    });
    for (const [day, startTime, endTime] of [
      ['02', '08:00', '18:15'],
      ['03', '22:00', '06:30'],
    ] as const) {
      await addWorkLog(ctx.app, dana, {
        employerId: big.id,
        date: `2026-03-${day}`,
        startTime,
        endTime,
        breakDuration: 45,
        note: 'Inventur, Lager',
      });
    }
    const body = { employerId: big.id, includeNotes: true };
    const comma = await csvOf(dana, body);
    const set = await callApi(ctx.app, 'PATCH', '/api/settings/export', dana, {
      csvFormat: 'semicolon',
    });
    expect(set.json().csvFormat).toBe('semicolon');
    const semicolon = await csvOf(dana, body);
    // A stored timesheet is a snapshot: changing the setting later leaves it as it was made.
    await callApi(ctx.app, 'PATCH', '/api/settings/export', dana, { csvFormat: 'comma' });
    const history = (await callApi(ctx.app, 'GET', '/api/timesheets', dana)).json();
    const latest = await callApi(ctx.app, 'GET', history.items[0].downloadUrl, dana);
    expect(latest.rawPayload.equals(semicolon)).toBe(true);
    return { comma, semicolon };
  }

  const NUMERIC = ['Break (min)', 'Hours', 'Rate (EUR)', 'Earnings (EUR)'];
  const SUMMARY_NUMBERS = /^(Shifts|Total hours|Gross|Tax \(|Tax rate|Total due)/;

  it('writes the same timesheet with semicolons and decimal commas, every number a number', async () => {
    const { comma, semicolon } = await bothFormats();
    const asComma = records(comma, ',');
    const asSemicolon = records(semicolon, ';');
    expect(semicolon.toString('utf8')).toContain('\r\n');
    const variants = [
      { rows: asComma, text: comma.toString('utf8'), number: /^\d+(\.\d+)?$/, dot: '.' },
      { rows: asSemicolon, text: semicolon.toString('utf8'), number: /^\d+(,\d+)?$/, dot: ',' },
    ];
    const values = variants.map(({ rows, text, number, dot }) => {
      const { header, table, after, about } = partsOf(rows);
      expect(about).toMatchObject({ Worker: 'Dana Weiß', Employer: 'Groß; GmbH' });
      const columns = NUMERIC.map((name) => header?.indexOf(name) ?? -1);
      expect(columns.every((i) => i >= 0)).toBe(true);
      const numbers: number[] = [];
      for (const row of table) {
        expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const i of columns) {
          const cell = row[i] ?? '';
          expect(cell, `${header?.[i]}: ${cell}`).toMatch(number);
          // Unquoted in the file: a spreadsheet reads it as a number, not as text.
          expect(text).not.toContain(`"${cell}"`);
          numbers.push(Number(cell.replace(dot, '.')));
        }
      }
      for (const [label, value] of after.filter((r) => SUMMARY_NUMBERS.test(r[0] ?? ''))) {
        expect(value, `${label}: ${value}`).toMatch(number);
        numbers.push(Number((value ?? '').replace(dot, '.')));
      }
      return { numbers, table, about, after };
    });
    const [commaFile, semicolonFile] = values;
    // The same figures in both, the largest past a thousand with no thousands separator.
    expect(semicolonFile?.numbers).toEqual(commaFile?.numbers);
    expect(Math.max(...(commaFile?.numbers ?? []))).toBeGreaterThan(1000);
    expect(semicolonFile?.table[0]?.slice(5, 10)).toEqual([
      '45',
      '9:30',
      '9,50',
      '1234,56',
      '11728,32',
    ]);
    expect(semicolonFile?.table[1]?.slice(2, 5)).toEqual(['22:00', '06:30', 'Yes']);
    expect(semicolonFile?.table[0]?.[10]).toBe('Inventur, Lager');
    expect(semicolonFile?.about.Tax).toBe('19,00% added to the gross');
    expect(Object.fromEntries(semicolonFile?.after.map((r) => [r[0], r[1]]) ?? [])).toMatchObject({
      'Tax rate (%)': '19,00',
      'Tax (19,00%) added (EUR)': expect.stringMatching(/^\d+,\d\d$/),
    });
  });
});

describe('neutralise', () => {
  it('prefixes an apostrophe to a cell starting with a formula or control character', () => {
    const starts = ['=A1', '+1', '-1', '@SUM(A1)', '\t1', '\r1', '\n1', '\u00001', '＝1'];
    const breaks = ['\v=1', '\f=1', '\u0085=1', '\u2028=1', '\u2029=1'];
    for (const cell of [...starts, ...breaks]) {
      expect(neutralise(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['', '187.50', 'Kitchen', 'a=b', "'quoted", 'Café – 1+1']) {
      expect(neutralise(cell)).toBe(cell);
    }
  });
});
