/**
 * Any text a user can put in a CSV timesheet (their own name, the employer's name, a log's
 * department and note) comes back from the file cell for cell, and no cell can start a formula,
 * in either CSV format (commas, or semicolons with decimal commas). The file is read the way a
 * spreadsheet opens it: a row ends at any line break outside quotes, CR, LF, VT, FF, NEL or a
 * Unicode line or paragraph separator, so a break the writer left unquoted would show up as a
 * row of its own starting with the text after it. Read back, a cell is the text itself, or the
 * text with one leading apostrophe when the text starts with = + - @, a tab, a line break or NUL
 * (or a full-width ＝ ＋ － ＠), possibly after apostrophes of its own. Removing that one
 * apostrophe gives back the text, always: a text that already starts with apostrophes and then
 * a formula character gets one more, so a reader can tell a neutralised cell from a text that
 * only looks like one. Text that is not Unicode (a lone surrogate) cannot be written as UTF-8:
 * it comes back as U+FFFD, like the database stores it.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CsvFormat, csvFormats } from '../../../shared/schemas/settings.ts';
import { callApi, createTestApp, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { EXACT_MINUTES, reportRow } from '../../test/report-rows.ts';
import { readAsSpreadsheet } from '../../test/spreadsheet-csv.ts';
import { renderCsv } from './report-csv.ts';
import { buildReportModel, DEFAULT_DEPARTMENT } from './report-model.ts';

const STARTS = '=+\\-@\\t\\r\\n\\v\\f\\0\\u0085\\u2028\\u2029\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** What the file must neutralise: formula starts, control characters and line breaks. */
const FORMULA = new RegExp(`^'*[${STARTS}]`);
/** The same list as the brief of the property: no cell of the file may start with these. */
const UNSAFE_START = new RegExp(`^[${STARTS}]`);
const expectedCell = (text: string) => (FORMULA.test(text) ? `'${text}` : text);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
/** What a reader does: one leading apostrophe before a formula start is the neutraliser. */
const readBack = (cell: string) => (new RegExp(`^'+[${STARTS}]`).test(cell) ? cell.slice(1) : cell);
const delimiterOf = (format: CsvFormat) => (format === 'semicolon' ? ';' : ',');

const risky = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '\v',
  '\f',
  '\u0085',
  '\u2029',
  '\n=2+2',
  '\r\n@SUM(A1)',
  '\u2028-1',
  '\u0085+1',
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

/**
 * The file as a spreadsheet opens it, checked against a strict RFC 4180 reading: the same rows
 * (no line break outside quotes started a row of its own), each as wide as the table.
 */
function spreadsheetRows(bytes: Buffer, format: CsvFormat = 'comma'): string[][] {
  const delimiter = delimiterOf(format);
  const rows = readAsSpreadsheet(bytes, delimiter);
  const strict: string[][] = parse(bytes, {
    bom: true,
    delimiter,
    relax_column_count: false,
    record_delimiter: '\r\n',
  });
  expect(rows).toEqual(strict);
  return rows;
}

function checkCells(rows: string[][]) {
  for (const cell of rows.flat()) expect(cell, JSON.stringify(cell)).not.toMatch(UNSAFE_START);
}

function expectText(cell: string | undefined, original: string) {
  const written = wellFormed(original);
  expect(cell).toBe(expectedCell(written));
  expect(readBack(cell ?? '')).toBe(written);
}

/** The row a label starts (the worker, the employer), and the table's rows after its header. */
const labelled = (rows: string[][], label: string) => rows.find((r) => r[0] === label)?.[1];
const tableRows = (rows: string[][]) => rows.slice(rows.findIndex((r) => r[0] === 'Date') + 1);

describe('the CSV renderer, over any text', () => {
  it('keeps every text intact but for one leading apostrophe, and no cell of any row a spreadsheet reads starts a formula', () => {
    const row = fc.record({ department: fc.option(text(100)), note: fc.option(text(1000)) });
    fc.assert(
      fc.property(
        text(100),
        text(200),
        fc.array(row, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...csvFormats),
        (worker, name, logs, csvFormat) => {
          const model = buildReportModel({
            user: { name: worker, email: 'ana@example.com' },
            employer: { name, contactEmail: null, phone: null, address: null, brandColor: 'blue' },
            startDate: '2026-03-01',
            endDate: '2026-03-31',
            dueDate: '2026-04-07',
            generatedOn: '2026-04-01',
            timeFormat: '24-hour',
            currency: 'USD',
            rules: EXACT_MINUTES,
            taxCalculation: 'add',
            taxBasisPoints: 750,
            includeNotes: true,
            includeSummary: true,
            csvFormat,
            timeZone: 'America/New_York',
            rows: logs.map((log, i) =>
              reportRow({
                date: `2026-03-${String(i + 10)}`,
                startTime: '09:00',
                endTime: '17:00',
                breakMinutes: 30,
                department: log.department,
                note: log.note,
                rateCents: 2000,
              }),
            ),
          });
          const rows = spreadsheetRows(renderCsv(model), csvFormat);
          checkCells(rows);
          const table = tableRows(rows);
          logs.forEach((log, i) => {
            expectText(table[i]?.[1], log.department || DEFAULT_DEPARTMENT);
            expectText(table[i]?.[10], log.note ?? '');
          });
          expectText(labelled(rows, 'Worker'), worker);
          expectText(labelled(rows, 'Employer'), name);
        },
      ),
      { numRuns: Number(process.env.CSV_PROPERTY_RUNS ?? 500) },
    );
  });

  it('quotes a line feed inside a note, so a spreadsheet keeps the text after it in the cell', () => {
    const model = buildReportModel({
      user: { name: 'Ana', email: 'ana@example.com' },
      employer: {
        name: 'Shop',
        contactEmail: null,
        phone: null,
        address: null,
        brandColor: 'blue',
      },
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      dueDate: '2026-04-07',
      generatedOn: '2026-04-01',
      timeFormat: '24-hour',
      currency: 'USD',
      rules: EXACT_MINUTES,
      taxCalculation: 'add',
      taxBasisPoints: 0,
      includeNotes: true,
      includeSummary: false,
      timeZone: 'America/New_York',
      rows: ['a\n=2+2', 'b\u2028=3+3', 'c\u0085=4+4', 'd\r=5+5'].map((note) =>
        reportRow({
          date: '2026-03-10',
          startTime: '09:00',
          endTime: '17:00',
          breakMinutes: 0,
          note,
          rateCents: 2000,
        }),
      ),
    });
    const rows = readAsSpreadsheet(renderCsv(model));
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    expect(tableRows(rows).map((r) => r[10])).toEqual([
      'a\n=2+2',
      'b\u2028=3+3',
      'c\u0085=4+4',
      'd\r=5+5',
    ]);
  });
});

describe('the CSV timesheet downloaded through the API, over any text', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  it('gives back what was saved (the API trims it), neutralised the same way', async () => {
    // The API refuses NUL and lone surrogates, and trims the ends; names and departments are
    // single-line; a department must be one of the employer's.
    const saved = (maxLength: number) =>
      text(maxLength).filter((t) => !t.includes('\0') && wellFormed(t) === t);
    const oneLine = (maxLength: number) =>
      saved(maxLength).filter(
        (t) => t.trim() !== '' && !/[\r\n\v\f\u0085\u2028\u2029]/.test(t.trim()),
      );
    await fc.assert(
      fc.asyncProperty(
        oneLine(200),
        oneLine(100),
        saved(1000),
        fc.constantFrom(...csvFormats),
        async (employerName, dept, note, csvFormat) => {
          const who = await signUp(ctx.app);
          const set = await callApi(ctx.app, 'PATCH', '/api/settings/export', who, { csvFormat });
          expect(set.statusCode, set.body).toBe(200);
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
          const rows = spreadsheetRows(download.rawPayload, csvFormat);
          checkCells(rows);
          expectText(tableRows(rows)[0]?.[1], dept.trim());
          expectText(tableRows(rows)[0]?.[10], note.trim());
          expectText(labelled(rows, 'Employer'), employerName.trim());
        },
      ),
      { numRuns: Number(process.env.CSV_API_PROPERTY_RUNS ?? 25) },
    );
  }, 60_000);
});
