// Premiums and overtime on the timesheets: the stored lines under each shift, the gross in its
// parts, the workweek's overtime summary from the one engine, and the rules in words.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { noOvertime } from '../../../shared/domain/overtime.ts';
import type { RuleVersion } from '../../../shared/domain/pay-rule-versions.ts';
import { storedLines } from '../../../shared/domain/stored-lines.ts';
import type { CreateEmployerBody } from '../../../shared/schemas/employers.ts';
import { ruleVersionsOf } from '../../db/pay-results.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { expectWordsInColumns } from '../../test/pdf-words.ts';
import { renderCsv } from './report-csv.ts';
import { buildReportModel, ruleSetsFor } from './report-model.ts';
import { reportPeriods, sheetPay } from './report-overtime.ts';
import { layoutPdf } from './report-pdf.ts';
import { reportRows } from './timesheets.repository.ts';

// Wednesday 1 April 2026, noon in New York: every shift below is in the past.
const NOW = new Date('2026-04-01T16:00:00Z');
const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };

let ctx: TestContext;
let worker: Session;

const FEDERAL = { preset: 'usFederal', workweekStartDay: 0, workweekStartTime: '00:00' } as const;
const NIGHTS = {
  id: 'nights',
  name: 'Nights',
  kind: 'fixed',
  centsPerHour: 200,
  window: { start: '22:00', end: '06:00' },
} as const;

/** The text of a PDF as pdftotext reads it, whitespace runs made one space. */
function pdfText(bytes: Buffer): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8').replace(/\s+/g, ' ');
}

async function generate(format: 'pdf' | 'csv', employerId: number, range = MARCH) {
  const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', worker, {
    format,
    employerId,
    ...range,
  });
  expect(res.statusCode, res.body).toBe(201);
  const bytes = (await callApi(ctx.app, 'GET', res.json().downloadUrl, worker)).rawPayload;
  return { bytes, timesheet: res.json().timesheet };
}

/** The text as laid out, a row of a table on one line. */
function pdfLayoutText(bytes: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes });
  return run.stdout.toString('utf8');
}

/** The workweek's row of the overtime summary, cell by cell. */
const WEEK_ROW =
  /Sun, Mar 1, 2026 – Sat, Mar 7, 2026\s+48:00\s+\$672\.00\s+\$14\.00\/h\s+8:00\s+\$56\.00/;

const csvRecords = (bytes: Buffer): string[][] =>
  parse(bytes, { bom: true, relax_column_count: false, record_delimiter: '\r\n' });

/** Without whitespace: a narrow column wraps a sentence anywhere. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/** The value beside a label in the first column. */
const cellOf = (rows: string[][], label: string) => rows.find((r) => r[0] === label)?.[1];

/** Each shift's stored lines as the sheet prints them, by log id. */
async function storedLinesOf(employerId: number) {
  const { rows } = await ctx.database.db.execute<{ id: number; lines: unknown }>(sql`
    select id, pay_lines as lines from work_logs where employer_id = ${employerId} order by id`);
  return new Map(rows.map((row) => [row.id, row.lines]));
}

/** The model the service builds for the sheet, from the same loaders. */
async function modelOf(employerId: number, range = { from: MARCH.startDate, to: MARCH.endDate }) {
  const { db } = ctx.database;
  const versions = (await ruleVersionsOf(db, worker.userId, [employerId])).get(employerId) ?? [];
  const pay = await sheetPay(db, worker.userId, employerId, versions, range);
  const model = buildReportModel({
    user: { name: 'Sam Rivera', email: 'sam@example.com' },
    employer: {
      name: 'Sheet Employer',
      contactEmail: null,
      phone: null,
      address: null,
      brandColor: 'teal',
    },
    startDate: range.from,
    endDate: range.to,
    dueDate: '2026-04-15',
    generatedOn: '2026-04-01',
    timeZone: 'America/New_York',
    timeFormat: '12-hour',
    currency: 'USD',
    ruleSets: ruleSetsFor(versions, range),
    overtimePeriods: reportPeriods(pay, range),
    includeNotes: true,
    includeSummary: true,
    rows: await reportRows(db, worker.userId, employerId, range),
  });
  return { model, pay };
}

let federal: number;
let bar: number;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  worker = await signUp(ctx.app, { firstName: 'Sam', lastName: 'Rivera' });
  await callApi(ctx.app, 'PATCH', '/api/settings/general', worker, {
    currency: 'USD',
    timeFormat: '12-hour',
    timeZone: 'America/New_York',
  });
  // 29 CFR 778.115: 40 h at $15 and 8 h at $9 in one workweek (Sunday 1 – Saturday 7 March).
  federal = (
    await addEmployer(ctx.app, worker, {
      name: 'Two Rates Warehouse',
      hourlyRate: '15',
      overtime: FEDERAL,
    } as CreateEmployerBody)
  ).id;
  for (const day of ['02', '03', '04', '05', '06']) {
    await addWorkLog(ctx.app, worker, {
      employerId: federal,
      date: `2026-03-${day}`,
      startTime: '08:00',
      endTime: '16:00',
    });
  }
  await addWorkLog(ctx.app, worker, {
    employerId: federal,
    date: '2026-03-07',
    startTime: '08:00',
    endTime: '16:00',
    hourlyRateAtTime: '9',
  });
  // A night premium on a shift crossing midnight: 18:00–02:00, four of its hours in 22:00–06:00.
  bar = (
    await addEmployer(ctx.app, worker, {
      name: 'Night Owl Bar',
      hourlyRate: '20',
      premiums: [NIGHTS],
    } as CreateEmployerBody)
  ).id;
  await addWorkLog(ctx.app, worker, {
    employerId: bar,
    date: '2026-03-10',
    startTime: '18:00',
    endTime: '02:00',
  });
});

describe('a timesheet with overtime (29 CFR 778.115)', () => {
  it('prices the workweek with the one engine, line for line as stored', async () => {
    const { model, pay } = await modelOf(federal);
    const stored = await storedLinesOf(federal);
    expect(pay).not.toBeNull();
    expect(pay!.shifts).toHaveLength(6);
    for (const shift of pay!.shifts) {
      expect(storedLines(shift.extraLines), `log ${shift.id}`).toEqual(stored.get(shift.id));
    }
    expect(model.overtimePeriods).toEqual([
      {
        kind: 'workweek',
        startDate: '2026-03-01',
        endDate: '2026-03-07',
        paidMinutes: 48 * 60,
        straightTimeCents: 67_200,
        regularRateCentsPerHour: 1_400,
        overtimeMinutes: [{ multiplierBp: 15_000, minutes: 480 }],
        overtimePremiumCents: 5_600,
      },
    ]);
    expect(model.totals).toMatchObject({
      regularCents: 67_200,
      premiumCents: 0,
      overtimeCents: 5_600,
      grossCents: 72_800,
      totalCents: 72_800,
    });
    expect(model.extras).toBe(true);
  });

  it('prints the overtime line, the split totals, the regular rate as a division and the rule', async () => {
    const { bytes, timesheet } = await generate('pdf', federal);
    expect(timesheet).toMatchObject({ totalEarnings: '728.00', totalDue: '728.00' });
    const text = pdfText(bytes);
    // Saturday's row is its whole pay: $72.00 straight time and $56.00 overtime.
    expect(text).toMatch(/Sat, Mar 7, 2026 .*\$9\.00 \$128\.00/);
    expect(text).toContain('Regular pay $72.00');
    expect(text).toContain('Overtime 1.5× (weekly) 8:00 h = $56.00');
    expect(text).toContain('Regular pay $672.00');
    expect(text).toContain('Premiums $0.00');
    expect(text).toContain('Overtime (estimate) $56.00');
    expect(text).toContain('Gross earnings $728.00');
    expect(text).toMatch(/TOTAL DUE \$728\.00/);
    expect(text).toContain('Overtime by workweek (estimate)');
    expect(pdfLayoutText(bytes)).toMatch(WEEK_ROW);
    expect(text).toContain('Regular rate $672.00 ÷ 48:00 h = $14.00/h. Overtime 8:00 h at 1.5×.');
    expect(text).toContain('Overtime premium = overtime hours × (multiplier − 1) × regular rate');
    expect(squeezed(text)).toContain(
      squeezed('Overtime: US federal (over 40 h a week); workweek from Sunday 00:00'),
    );
    expect(squeezed(text)).toContain(squeezed('Premiums: No premiums'));
    // The narrow Details column breaks lines at spaces only: never before a closing bracket.
    const layout = pdfLayoutText(bytes);
    expect(layout).toMatch(/week\); workweek from Sunday 00:00/);
    expect(layout).not.toMatch(/^\s*\);/m);
  });

  it('writes the same in the CSV: parts per shift, a row per pay line, the week and the rules', async () => {
    const rows = csvRecords((await generate('csv', federal)).bytes);
    expect(cellOf(rows, 'Overtime')).toBe(
      'US federal (over 40 h a week); workweek from Sunday 00:00',
    );
    expect(cellOf(rows, 'Premiums')).toBe('No premiums');
    const header = rows.find((r) => r[0] === 'Date')!;
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
      'Regular pay (USD)',
      'Premiums (USD)',
      'Overtime, estimate (USD)',
      'Earnings (USD)',
      'Pay line (USD)',
      'Line amount (USD)',
    ]);
    const column = (name: string) => header.indexOf(name);
    const saturday = rows.filter((r) => r[0] === '2026-03-07');
    expect(saturday).toHaveLength(2);
    const [shift, line] = saturday as [string[], string[]];
    expect(
      [
        'Rate (USD)',
        'Regular pay (USD)',
        'Premiums (USD)',
        'Overtime, estimate (USD)',
        'Earnings (USD)',
      ].map((name) => shift[column(name)]),
    ).toEqual(['9.00', '72.00', '0.00', '56.00', '128.00']);
    expect(line[column('Pay line (USD)')]).toBe('Overtime 1.5× (weekly) 8:00 h = 56.00');
    expect(line[column('Line amount (USD)')]).toBe('56.00');
    // A pay line's figure cells are empty, so the Earnings column still sums to the gross.
    expect(line[column('Earnings (USD)')]).toBe('');
    const table = rows.filter((r) => /^2026-03-/.test(r[0] ?? '') && r[column('Hours')] !== '');
    const earnings = table.reduce((sum, r) => sum + Number(r[column('Earnings (USD)')]), 0);
    expect(earnings.toFixed(2)).toBe('728.00');
    expect(cellOf(rows, 'Regular pay (USD)')).toBe('672.00');
    expect(cellOf(rows, 'Premiums (USD)')).toBe('0.00');
    expect(cellOf(rows, 'Overtime, estimate (USD)')).toBe('56.00');
    expect(cellOf(rows, 'Gross (USD)')).toBe('728.00');
    expect(cellOf(rows, 'Total due (USD)')).toBe('728.00');
    const at = rows.findIndex((r) => r[0] === 'Overtime by workweek (estimate)');
    expect(at).toBeGreaterThan(0);
    expect(rows[at + 1]!.filter(Boolean)).toEqual([
      'Workweek from',
      'Workweek to',
      'Hours worked (h:mm)',
      'Straight-time pay (USD)',
      'Regular rate (USD/h)',
      'Regular rate worked out',
      'Overtime 1.5× (h:mm)',
      'Overtime premium, estimate (USD)',
    ]);
    expect(rows[at + 2]!.filter(Boolean)).toEqual([
      '2026-03-01',
      '2026-03-07',
      '48:00',
      '672.00',
      '14.00',
      '672.00 USD ÷ 48:00 h = 14.00 USD/h',
      '8:00',
      '56.00',
    ]);
    expect(rows[at + 3]![0]).toMatch(
      /^Overtime premium = overtime hours × \(multiplier − 1\) × regular rate/,
    );
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('counts a workweek whole when the sheet cuts it, and says so', async () => {
    const range = { startDate: '2026-03-04', endDate: '2026-03-31' };
    const { bytes } = await generate('pdf', federal, range);
    const text = pdfText(bytes);
    // The sheet lists 4–7 March, but the week's regular rate and overtime are the whole week's.
    expect(pdfLayoutText(bytes)).toMatch(WEEK_ROW);
    expect(text).toContain('Each workweek is counted whole');
    expect(text).toContain('Overtime (estimate) $56.00');
  });
});

describe('a timesheet with a night premium', () => {
  it('prints the premium line of a shift crossing midnight and the split, and no overtime summary', async () => {
    const text = pdfText((await generate('pdf', bar)).bytes);
    expect(text).toMatch(/Tue, Mar 10, 2026 .*\$20\.00 \$168\.00/);
    expect(text).toContain('Regular pay $160.00');
    expect(text).toContain('Nights 4:00 h × $2.00 = $8.00');
    expect(text).toContain('Premiums $8.00');
    expect(text).toContain('Overtime (estimate) $0.00');
    expect(text).toContain('Gross earnings $168.00');
    expect(squeezed(text)).toContain(squeezed('Premiums: Nights: +$2.00/h, 22:00–06:00'));
    expect(squeezed(text)).toContain(squeezed('Overtime: No overtime'));
    expect(text).not.toContain('Overtime by workweek');

    const rows = csvRecords((await generate('csv', bar)).bytes);
    expect(cellOf(rows, 'Premiums')).toBe('Nights: +2.00 USD/h, 22:00–06:00');
    const lines = rows.filter((r) => r[0] === '2026-03-10');
    expect(lines.map((r) => r.filter(Boolean).slice(1))).toEqual([
      [
        'General',
        '18:00',
        '02:00',
        'Yes',
        '0',
        '8:00',
        '8.00',
        '20.00',
        '160.00',
        '8.00',
        '0.00',
        '168.00',
      ],
      ['Nights 4:00 h × 2.00 = 8.00', '8.00'],
    ]);
    expect(cellOf(rows, 'Premiums (USD)')).toBe('8.00');
    expect(rows.some((r) => r[0] === 'Overtime by workweek (estimate)')).toBe(false);
  });

  it('keeps every word of the lines, the split and the rules inside its column', async () => {
    const long = {
      ...NIGHTS,
      name: 'Late night and early morning differential, bar',
      window: { start: '20:00', end: '06:00' },
    };
    const both = await addEmployer(ctx.app, worker, {
      name: 'Both Ways Diner',
      hourlyRate: '18.50',
      overtime: FEDERAL,
      premiums: [
        long,
        { id: 'weekend', name: 'Weekend', kind: 'percent', basisPoints: 1500, days: [0, 6] },
      ],
    } as CreateEmployerBody);
    for (const day of ['08', '09', '10', '11', '12', '13', '14']) {
      await addWorkLog(ctx.app, worker, {
        employerId: both.id,
        date: `2026-03-${day}`,
        startTime: '16:00',
        endTime: '01:30',
        breakDuration: 30,
        note: 'Closed the kitchen and counted the till',
      });
    }
    const { model } = await modelOf(both.id);
    expect(model.totals.premiumCents).toBeGreaterThan(0);
    expect(model.totals.overtimeCents).toBeGreaterThan(0);
    expect(model.totals.regularCents + model.totals.premiumCents + model.totals.overtimeCents).toBe(
      model.totals.grossCents,
    );
    const { bytes, boxes } = await layoutPdf(model);
    const text = pdfText(bytes);
    expect(text).toContain('Late night and early morning differential, bar');
    // 15 % of $18.50 is $2.775 an hour: printed exactly, so the line can be redone by hand.
    expect(text).toContain('Weekend 7:35 h × $2.775 = $21.03');
    expect(expectWordsInColumns(bytes, boxes)).toBeGreaterThan(300);
  });
});

describe('the pay lines in the CSV', () => {
  it('neutralise a premium name a spreadsheet would run as a formula', async () => {
    const risky = await addEmployer(ctx.app, worker, {
      name: 'Risky Names',
      hourlyRate: '10',
      premiums: [{ ...NIGHTS, id: 'formula', name: '=HYPERLINK("x")' }],
    } as CreateEmployerBody);
    await addWorkLog(ctx.app, worker, {
      employerId: risky.id,
      date: '2026-03-20',
      startTime: '21:00',
      endTime: '23:00',
    });
    const rows = csvRecords((await generate('csv', risky.id)).bytes);
    expect(cellOf(rows, 'Premiums')).toBe(`'=HYPERLINK("x"): +2.00 USD/h, 22:00–06:00`);
    const line = rows.find((r) =>
      r.some((cell) => cell.includes('HYPERLINK') && cell.includes('×')),
    );
    expect(line?.find((cell) => cell.includes('×'))).toBe(`'=HYPERLINK("x") 1:00 h × 2.00 = 2.00`);
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});

describe('the documents with premiums and overtime, otherwise', () => {
  it('write decimal commas in the pay lines and the week of a semicolon CSV', async () => {
    const { model } = await modelOf(federal);
    const rows: string[][] = parse(renderCsv({ ...model, csvFormat: 'semicolon' }), {
      bom: true,
      delimiter: ';',
      relax_column_count: false,
    });
    expect(rows.flat()).toContain('Overtime 1.5× (weekly) 8:00 h = 56,00');
    expect(rows.flat()).toContain('672,00 USD ÷ 48:00 h = 14,00 USD/h');
    expect(cellOf(rows, 'Overtime, estimate (USD)')).toBe('56,00');
  });

  it('make a tagged PDF that qpdf finds sound', async () => {
    const { bytes } = await generate('pdf', federal);
    const dir = mkdtempSync(join(tmpdir(), 'hourbook-extras-'));
    try {
      const file = join(dir, 'timesheet.pdf');
      writeFileSync(file, bytes);
      const check = spawnSync('qpdf', ['--check', file]);
      expect(check.stdout.toString(), check.stderr.toString()).toContain(
        'No syntax or stream encoding errors found',
      );
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const info = spawnSync('pdfinfo', ['-'], { input: bytes }).stdout.toString();
    expect(info).toMatch(/^Tagged:\s+yes$/m);
  });

  it('state the rules anew where the premiums or overtime change, not where only the rate does', () => {
    const base: RuleVersion = {
      effectiveFrom: null,
      rateCents: 1500,
      roundingStep: 'none',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      taxMethod: 'none',
      taxBasisPoints: 0,
      overtime: {
        ...noOvertime,
        preset: 'usFederal',
        weekly: { overMinutes: 2400, multiplierBp: 15_000 },
      },
      premiums: [],
    };
    const range = { from: '2026-03-01', to: '2026-03-31' };
    // The rate changes on the 7th (778.115's $9 work could be a rate version), premiums on the 15th.
    const sets = ruleSetsFor(
      [
        base,
        { ...base, effectiveFrom: '2026-03-07', rateCents: 900 },
        { ...base, effectiveFrom: '2026-03-15', rateCents: 900, premiums: [NIGHTS] },
      ],
      range,
    );
    expect(sets.map((s) => [s.from, s.to, s.premiums?.length])).toEqual([
      ['2026-03-01', '2026-03-14', 0],
      ['2026-03-15', '2026-03-31', 1],
    ]);
    const model = buildReportModel({
      user: { name: 'A', email: 'a@example.com' },
      employer: { name: 'E', contactEmail: null, phone: null, address: null, brandColor: 'blue' },
      startDate: range.from,
      endDate: range.to,
      dueDate: range.to,
      generatedOn: range.to,
      timeZone: 'UTC',
      timeFormat: '24-hour',
      currency: 'USD',
      ruleSets: sets,
      includeNotes: false,
      includeSummary: true,
      rows: [],
    });
    // Overtime rules but no shifts: the split is stated at zero, and no week is summarised.
    expect(model.extras).toBe(true);
    expect(model.overtimePeriods).toEqual([]);
    const rows: string[][] = parse(renderCsv(model), { bom: true, relax_column_count: false });
    expect(cellOf(rows, 'Premiums (2026-03-15 to 2026-03-31)')).toBe(
      'Nights: +2.00 USD/h, 22:00–06:00',
    );
    expect(cellOf(rows, 'Premiums (2026-03-01 to 2026-03-14)')).toBe('No premiums');
    expect(cellOf(rows, 'Regular pay (USD)')).toBe('0.00');
  });
});
