/**
 * Any text a user can put in a CSV timesheet (the employer's name, a log's department and note)
 * comes back from the file cell for cell, and no cell can start a formula: read back with
 * csv-parse, a cell is the text itself, or the text with one leading apostrophe when the text
 * starts with = + - @, a tab, CR, LF or NUL (or a full-width ＝ ＋ － ＠), possibly after
 * apostrophes of its own. Removing that one apostrophe gives back the text, always: a text that
 * already starts with apostrophes and then a formula character gets one more, so a reader can
 * tell a neutralised cell from a text that only looks like one. Text that is not Unicode (a lone
 * surrogate) cannot be written as UTF-8: it comes back as U+FFFD, like the database stores it.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { renderCsv } from './report-csv.ts';
import { buildReportModel, DEFAULT_DEPARTMENT } from './report-model.ts';

/** What the file must neutralise: formula starts and control characters, and full-width forms. */
const FORMULA = /^'*[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/;
/** The same list as the brief of the property: no cell of the file may start with these. */
const UNSAFE_START = /^[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/;
const expectedCell = (text: string) => (FORMULA.test(text) ? `'${text}` : text);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
/** What a reader does: one leading apostrophe before a formula start is the neutraliser. */
const readBack = (cell: string) =>
  /^'+[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? cell.slice(1) : cell;

const risky = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '\0',
  '"',
  "'",
  ',',
  ';',
  ' ',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
  '\u2028',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '\uDFFF',
  '\u0007',
  '\u007F',
  '=HYPERLINK("http://x")',
  '=1+1',
);
const char = fc.oneof(risky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
/** Text made of those pieces and any other Unicode, often starting with one of them. */
const text = (maxLength: number) =>
  fc
    .tuple(fc.option(risky), fc.string({ unit: char, maxLength: 12 }))
    .map(([start, rest]) => `${start ?? ''}${rest}`.slice(0, maxLength));

const records = (bytes: Buffer): string[][] =>
  parse(bytes, { bom: true, relax_column_count: false, record_delimiter: '\r\n' });

function checkCells(rows: string[][]) {
  for (const cell of rows.flat()) expect(cell, JSON.stringify(cell)).not.toMatch(UNSAFE_START);
}

function expectText(cell: string | undefined, original: string) {
  const written = wellFormed(original);
  expect(cell).toBe(expectedCell(written));
  expect(readBack(cell ?? '')).toBe(written);
}

describe('the CSV renderer, over any text', () => {
  it('keeps every text intact but for one leading apostrophe, and no cell starts a formula', () => {
    const row = fc.record({ department: fc.option(text(100)), note: fc.option(text(1000)) });
    fc.assert(
      fc.property(text(200), fc.array(row, { minLength: 1, maxLength: 4 }), (name, logs) => {
        const model = buildReportModel({
          user: { name: 'Ana', email: 'ana@example.com' },
          employer: { name, contactEmail: null, phone: null, address: null, brandColor: 'blue' },
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          dueDate: '2026-04-07',
          generatedOn: '2026-04-01',
          timeFormat: '24-hour',
          currency: 'USD',
          roundTime: 'none',
          taxCalculation: 'add',
          taxBasisPoints: 750,
          includeNotes: true,
          includeSummary: true,
          timeZone: 'America/New_York',
          rows: logs.map((log, i) => ({
            date: `2026-03-${String(i + 10)}`,
            startTime: '09:00',
            endTime: '17:00',
            breakMinutes: 30,
            department: log.department,
            note: log.note,
            rateCents: 2000,
            tenths: 75,
            earningsCents: 15000,
          })),
        });
        const rows = records(renderCsv(model));
        checkCells(rows);
        logs.forEach((log, i) => {
          expectText(rows[i + 1]?.[1], log.department || DEFAULT_DEPARTMENT);
          expectText(rows[i + 1]?.[8], log.note ?? '');
        });
        expectText(rows.find((r) => r[0] === 'Employer')?.[1], name);
      }),
      { numRuns: Number(process.env.CSV_PROPERTY_RUNS ?? 500) },
    );
  });
});

describe('the CSV timesheet downloaded through the API, over any text', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  it('gives back what was saved (the API trims it), neutralised the same way', async () => {
    // The API refuses NUL and lone surrogates, and trims the ends; a department must be one of
    // the employer's.
    const saved = (maxLength: number) =>
      text(maxLength).filter((t) => !t.includes('\0') && wellFormed(t) === t);
    const name = saved(200).filter((t) => t.trim() !== '');
    const department = saved(100).filter((t) => t.trim() !== '');
    await fc.assert(
      fc.asyncProperty(name, department, saved(1000), async (employerName, dept, note) => {
        const who = await signUp(ctx.app);
        const employer = await addEmployer(ctx.app, who, {
          name: employerName,
          hourlyRate: '20',
          departments: [dept],
        });
        await addWorkLog(ctx.app, who, {
          employerId: employer.id,
          date: '2026-03-02',
          startTime: '09:00',
          endTime: '17:00',
          department: dept,
          note,
        });
        const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', who, {
          employerId: employer.id,
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          format: 'csv',
          includeNotes: true,
        });
        expect(res.statusCode, res.body).toBe(201);
        const download = await callApi(ctx.app, 'GET', res.json().downloadUrl, who);
        const rows = records(download.rawPayload);
        checkCells(rows);
        expectText(rows[1]?.[1], dept.trim());
        expectText(rows[1]?.[8], note.trim());
        expectText(rows.find((r) => r[0] === 'Employer')?.[1], employerName.trim());
      }),
      { numRuns: Number(process.env.CSV_API_PROPERTY_RUNS ?? 25) },
    );
  }, 60_000);
});
