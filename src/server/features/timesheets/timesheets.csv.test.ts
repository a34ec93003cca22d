import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatHours, formatMoneyString, logAmounts } from '../../../shared/domain/index.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { neutralise } from './report-csv.ts';

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

const records = (bytes: Buffer): string[][] =>
  parse(bytes, { bom: true, relax_column_count: false, record_delimiter: '\r\n' });

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
});

describe('the CSV timesheet', () => {
  it('reads back row by row as the domain computes each log, then the totals', async () => {
    await callApi(ctx.app, 'PATCH', '/api/settings/export', alice, { roundTime: '15' });
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

    const bytes = await csvOf(alice, { employerId: bistro.id, includeNotes: true });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const [header, ...rest] = records(bytes);
    expect(header).toEqual([
      'Date',
      'Department',
      'Start',
      'End',
      'Break (min)',
      'Hours',
      'Rate (USD)',
      'Earnings (USD)',
      'Note',
    ]);
    const expected = logs.map((log) => {
      const rate = log.hourlyRateAtTime === '22' ? 2200 : 1840;
      const amounts = logAmounts(
        {
          startTime: log.startTime,
          endTime: log.endTime,
          breakDuration: log.breakDuration ?? 0,
          hourlyRateAtTime: rate,
          employerRate: 1840,
        },
        '15',
      );
      return [
        log.date,
        log.department ?? 'General',
        log.startTime,
        log.endTime,
        String(log.breakDuration ?? 0),
        formatHours(amounts.tenths),
        formatMoneyString(rate),
        formatMoneyString(amounts.earningsCents),
        log.note ?? '',
      ];
    });
    expect(rest.slice(0, 3)).toEqual(expected);
    // Every record has the header's width; an empty one parts the rows from the totals.
    expect(rest[3]).toEqual(Array(9).fill(''));
    const summary = Object.fromEntries(rest.slice(4).map((r) => [r[0], r[1]]));
    expect(summary).toMatchObject({
      Employer: 'Bistro, "The Corner"',
      Period: '2026-03-01 to 2026-03-31',
      Shifts: '3',
    });
    const gross = expected.reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    const tax = Math.round((gross * 75) / 1000);
    expect(summary['Total hours']).toBe(
      formatHours(expected.reduce((sum, row) => sum + Math.round(Number(row[5]) * 10), 0)),
    );
    expect(summary['Gross (USD)']).toBe(formatMoneyString(gross));
    expect(summary['Tax (7.50%) added (USD)']).toBe(formatMoneyString(tax));
    expect(summary['Total due (USD)']).toBe(formatMoneyString(gross + tax));
    await callApi(ctx.app, 'PATCH', '/api/settings/export', alice, { roundTime: 'none' });
  });

  it('leaves the totals out when the user turned the summary off, and notes unless asked', async () => {
    const bob = await signUp(ctx.app);
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
    expect(rows).toEqual([
      [
        'Date',
        'Department',
        'Start',
        'End',
        'Break (min)',
        'Hours',
        'Rate (EUR)',
        'Earnings (EUR)',
      ],
      ['2026-03-04', 'General', '09:00', '10:00', '0', '1.0', '10.00', '10.00'],
    ]);
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
    const logRows = rows.slice(1, 7);
    expect(logRows.map((r) => r[1])).toEqual(["'=1+1", "'+x", "'-x", "'@x", 'General', 'General']);
    expect(logRows.map((r) => r[8])).toEqual(["'=1+1", "'+x", "'-x", "'@x", "'\tx", "'\rx"]);
    expect(rows.find((r) => r[0] === 'Employer')?.[1]).toBe(`'=HYPERLINK("x")`);
    // Nothing else starts with a formula character.
    const starts = rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(starts).toEqual([]);
  });
});

describe('neutralise', () => {
  it('prefixes an apostrophe to a cell starting with a formula or control character', () => {
    for (const cell of ['=A1', '+1', '-1', '@SUM(A1)', '\t1', '\r1', '\n1', '\u00001', '＝1']) {
      expect(neutralise(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['', '187.50', 'Kitchen', 'a=b', "'quoted", 'Café – 1+1']) {
      expect(neutralise(cell)).toBe(cell);
    }
  });
});
