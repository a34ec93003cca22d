import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endsNextDay,
  formatClock,
  formatCurrency,
  formatDisplayDate,
} from '../../../shared/domain/index.ts';
import { formatHoursMinutes, formatHundredths } from '../../../shared/domain/pay-text.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { expectWordsInColumns } from '../../test/pdf-words.ts';
import { EXACT_MINUTES, reportRow } from '../../test/report-rows.ts';
import { DocumentRenderer } from './renderer.ts';
import { buildReportModel, type ReportModel } from './report-model.ts';
import { layoutPdf } from './report-pdf.ts';
import { faces } from './report-pdf-fonts.ts';

/** Tax changes on an employer with shifts say which shifts they reach. */
const EVERY_SHIFT = { from: 'every' } as const;

// 00:30 on 4 November in Berlin, the user's zone, while it is still the 3rd in UTC.
const NOW = new Date('2026-11-03T23:30:00Z');
let ctx: TestContext;
let lukasz: Session;

/** The text of a PDF as poppler's pdftotext reads it (pages parted by form feeds). */
function pdfText(bytes: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}

async function pdfOf(who: Session, body: Record<string, unknown>): Promise<string> {
  const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', who, {
    format: 'pdf',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return pdfText((await callApi(ctx.app, 'GET', res.json().downloadUrl, who)).rawPayload);
}

/** A run of poppler's tools on a PDF; answers its standard output. */
function poppler(tool: string, args: string[], bytes: Buffer): string {
  const streams = tool === 'pdftotext' ? ['-', '-'] : ['-'];
  const run = spawnSync(tool, [...args, ...streams], { input: bytes, maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}

interface StructNode {
  type: string;
  kids: StructNode[];
}

/** qpdf on a PDF (it reads files only). */
function qpdf(args: string[], bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'hourbook-pdf-'));
  try {
    const file = join(dir, 'timesheet.pdf');
    writeFileSync(file, bytes);
    return spawnSync('qpdf', [...args, file], { maxBuffer: 256 << 20 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The catalog's language and the structure tree of a PDF, read with qpdf. */
function structureOf(bytes: Buffer): { lang: string | undefined; root: StructNode } {
  const run = qpdf(['--json', '--json-key=qpdf'], bytes);
  if (run.status !== 0) throw new Error(`qpdf failed: ${run.stderr.toString()}`);
  const objects = JSON.parse(run.stdout.toString('utf8')).qpdf[1] as Record<
    string,
    { value: Record<string, unknown> }
  >;
  const get = (ref: unknown) => objects[`obj:${String(ref)}`]?.value;
  const catalog = Object.values(objects).find((object) => object.value?.['/Type'] === '/Catalog');
  const node = (ref: unknown): StructNode => {
    const element = get(ref)!;
    const kids = ([] as unknown[]).concat(element['/K'] ?? []);
    return {
      type: String(element['/S'] ?? element['/Type']).replace(/^\//, ''),
      kids: kids
        .filter((kid) => typeof kid === 'string' && get(kid)?.['/S'] !== undefined)
        .map(node),
    };
  };
  const treeRoot = get(catalog!.value['/StructTreeRoot'])!;
  const [document] = ([] as unknown[]).concat(treeRoot['/K']).map(node);
  return { lang: catalog!.value['/Lang'] as string | undefined, root: document! };
}

/**
 * Text as compared: without the bidi embedding marks pdftotext puts around right-to-left
 * lines, and without whitespace (a long name wraps, and CJK or Thai wrap between letters).
 * What is left must be the typed characters in the order they were typed (logical order).
 */
const squeezed = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\s]/gu, '');

/** Names, places and notes as people type them, in scripts Inter has no glyphs for. */
const WORLD = {
  firstName: '李小龍',
  lastName: 'כהן محمد',
  employer:
    '株式会社 東京スカイツリー・レストラン 🎉 مطعم الشرق الأوسط הגדול בירושלים नमस्ते ร้านอาหารไทย 서울식당',
  departments: ['厨房', 'מטבח', 'المطبخ', 'रसोई', 'ครัว', '주방', 'キッチン', 'Bar 🍸'],
  notes: [
    '王小明替班，山田太郎さんと一緒に',
    'החלפתי את דנה כהן במשמרת הערב',
    'غطيت وردية محمد علي يوم الجمعة',
    'प्रिया शर्मा की जगह काम किया',
    'ทำงานแทนสมชาย ใจดี',
    '김민준 대신 근무',
    'ケーキを焼きました 🎂',
    'Great night 👩‍🍳🎉',
  ],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The cells in this order on one line, whatever the spacing between them. */
const rowPattern = (cells: string[]) => new RegExp(cells.map(escapeRegExp).join('\\s+'));

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  lukasz = await signUp(ctx.app, { firstName: 'Łukasz', lastName: 'Müller' });
  await callApi(ctx.app, 'PATCH', '/api/settings/general', lukasz, {
    currency: 'EUR',
    timeFormat: '24-hour',
    timeZone: 'Europe/Berlin',
  });
});

describe('the PDF timesheet', () => {
  it('prints who it is from and for, the period, every row, the totals and the total due', async () => {
    const cafe = await addEmployer(ctx.app, lukasz, {
      name: 'Café Zürich',
      hourlyRate: '20.00',
      taxRate: '15',
      contactEmail: 'billing@cafe-zurich.example',
      phone: '+41 44 000 00 00',
      address: 'Straße 12, 8001 Zürich',
      departments: ['Küche'],
      brandColor: 'teal',
    });
    const logs: Omit<CreateWorkLogBody, 'employerId'>[] = [
      {
        date: '2026-10-01',
        startTime: '09:00',
        endTime: '17:07',
        breakDuration: 30,
        department: 'Küche',
      },
      {
        date: '2026-10-31',
        startTime: '22:00',
        endTime: '06:15',
        note: 'Covered for Zoë: £3 and ¥500 tips, ł',
      },
    ];
    for (const log of logs) await addWorkLog(ctx.app, lukasz, { employerId: cafe.id, ...log });

    const text = await pdfOf(lukasz, {
      employerId: cafe.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      includeNotes: true,
    });
    for (const expected of [
      'TIMESHEET',
      'Café Zürich',
      'Łukasz Müller',
      lukasz.email,
      'billing@cafe-zurich.example',
      '+41 44 000 00 00',
      'Straße 12, 8001 Zürich',
      'Thu, Oct 1, 2026 – Sat, Oct 31, 2026',
      'Note: Covered for Zoë: £3 and ¥500 tips, ł',
      'Generated on Wed, Nov 4, 2026',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    const amounts = logs.map((log) =>
      reportRow({
        date: log.date,
        startTime: log.startTime,
        endTime: log.endTime,
        breakMinutes: log.breakDuration ?? 0,
        rateCents: 2000,
      }),
    );
    // By hand: 8:07 − 0:30 = 7:37 (7.62 h) and 8:15 (8.25 h), at €20.00 by the minute.
    expect(amounts.map((row) => [row.paidMinutes, row.earningsCents])).toEqual([
      [457, 15233],
      [495, 16500],
    ]);
    expect(text).toContain('Not rounded: exact minutes');
    expect(text).toContain('Pay = minutes × rate ÷ 60, to the cent');
    expect(text).toContain('Tax 15.00% added to the gross');
    logs.forEach((log, i) => {
      const row = amounts[i]!;
      expect(text).toMatch(
        rowPattern([
          formatDisplayDate(log.date),
          log.department ?? 'General',
          formatClock(log.startTime, '24-hour'),
          // An overnight shift's end is marked as the next day's.
          `${formatClock(log.endTime, '24-hour')}${endsNextDay(log.startTime, log.endTime) ? ' (+1)' : ''}`,
          `${log.breakDuration ?? 0} min`,
          formatHoursMinutes(row.paidMinutes),
          formatHundredths(row.hundredths),
          formatCurrency(2000, 'EUR'),
          formatCurrency(row.earningsCents, 'EUR'),
        ]),
      );
    });
    const gross = amounts[0]!.earningsCents + amounts[1]!.earningsCents;
    const tax = Math.round(gross * 0.15);
    expect(text).toMatch(
      rowPattern([
        'Total hours',
        `${formatHundredths(amounts[0]!.hundredths + amounts[1]!.hundredths)} h`,
      ]),
    );
    expect(text).toMatch(rowPattern(['Total time', '15:52']));
    expect(text).toMatch(rowPattern(['Gross earnings', formatCurrency(gross, 'EUR')]));
    expect(text).toMatch(rowPattern(['Tax (15.00%) added', `+${formatCurrency(tax, 'EUR')}`]));
    expect(text).toMatch(rowPattern(['TOTAL DUE', formatCurrency(gross + tax, 'EUR')]));
    expect(text).toMatch(rowPattern(['Küche', '1', formatHundredths(amounts[0]!.hundredths)]));
    expect(text).toContain('(+1) The shift ends the next day.');
  });

  it('repeats the header on every page and numbers the pages of a long report', async () => {
    const clinic = await addEmployer(ctx.app, lukasz, {
      name: 'Riverside Clinic',
      hourlyRate: '30',
    });
    await ctx.database.db.execute(sql`
      insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration, hourly_rate_at_time)
      select ${lukasz.userId}, ${clinic.id}, date '2026-01-01' + g, time '08:00', time '16:00', 30, 30
        from generate_series(0, 89) g`);
    await recomputePay(ctx.database.db, lukasz.userId, { employerIds: [clinic.id] });
    const text = await pdfOf(lukasz, {
      employerId: clinic.id,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
    });
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain('TIMESHEET');
      expect(page).toContain('Riverside Clinic');
      expect(page).toContain('Thu, Jan 1, 2026 – Tue, Mar 31, 2026');
      expect(page).toMatch(
        rowPattern(['Date', 'Department', 'Start', 'End', 'Break', 'h:mm', 'Hours']),
      );
      expect(page).toContain(`Page ${i + 1} of 3`);
    });
    expect(pages[2]).toMatch(rowPattern(['TOTAL DUE', formatCurrency(90 * 75 * 30 * 10, 'EUR')]));
  });

  it('says there were no shifts, and still totals, for a range without logs', async () => {
    const quiet = await addEmployer(ctx.app, lukasz, { name: 'Quiet Ltd', hourlyRate: '30' });
    const text = await pdfOf(lukasz, {
      employerId: quiet.id,
      startDate: '2026-05-01',
      endDate: '2026-05-31',
    });
    expect(text).toContain('No shifts were logged for this employer in this period.');
    expect(text).toMatch(rowPattern(['TOTAL DUE', formatCurrency(0, 'EUR')]));
  });

  it('prints no tax line when the employer’s tax method is none, and "deducted" for deduct', async () => {
    const shop = await addEmployer(ctx.app, lukasz, {
      name: 'Taxed Shop',
      hourlyRate: '10',
      taxRate: '20',
    });
    await addWorkLog(ctx.app, lukasz, {
      employerId: shop.id,
      date: '2026-06-01',
      startTime: '09:00',
      endTime: '19:00',
    });
    const range = { employerId: shop.id, startDate: '2026-06-01', endDate: '2026-06-30' };
    await callApi(ctx.app, 'PATCH', `/api/employers/${shop.id}`, lukasz, {
      taxMethod: 'none',
      applyChange: EVERY_SHIFT,
    });
    const none = await pdfOf(lukasz, range);
    expect(none).not.toContain('Tax (');
    expect(none).toMatch(rowPattern(['TOTAL DUE', formatCurrency(10000, 'EUR')]));
    await callApi(ctx.app, 'PATCH', `/api/employers/${shop.id}`, lukasz, {
      taxMethod: 'deduct',
      applyChange: EVERY_SHIFT,
    });
    const deducted = await pdfOf(lukasz, range);
    // Taken off, so printed with a minus sign, as the screens print it.
    expect(deducted).toMatch(
      rowPattern(['Tax (20.00%) deducted', `\u2212${formatCurrency(2000, 'EUR')}`]),
    );
    expect(deducted).toMatch(rowPattern(['TOTAL DUE', formatCurrency(8000, 'EUR')]));
  });

  it('prints no tax line for an employer whose tax rate is 0 %, whatever the method', async () => {
    const untaxed = await addEmployer(ctx.app, lukasz, {
      name: 'Untaxed Studio',
      hourlyRate: '10',
      taxRate: '0',
    });
    await addWorkLog(ctx.app, lukasz, {
      employerId: untaxed.id,
      date: '2026-06-02',
      startTime: '09:00',
      endTime: '19:00',
    });
    const range = { employerId: untaxed.id, startDate: '2026-06-01', endDate: '2026-06-30' };
    for (const taxMethod of ['add', 'deduct'] as const) {
      await callApi(ctx.app, 'PATCH', `/api/employers/${untaxed.id}`, lukasz, {
        taxMethod,
        applyChange: EVERY_SHIFT,
      });
      const text = await pdfOf(lukasz, range);
      expect(text).not.toContain('Tax');
      expect(text).toMatch(rowPattern(['Gross earnings', formatCurrency(10000, 'EUR')]));
      expect(text).toMatch(rowPattern(['TOTAL DUE', formatCurrency(10000, 'EUR')]));
    }
  });
});

describe('the PDF timesheet in every script', () => {
  it('prints names, departments, notes and the employer in any script as they were typed', async () => {
    const someone = await signUp(ctx.app, {
      firstName: WORLD.firstName,
      lastName: WORLD.lastName,
    });
    const employer = await addEmployer(ctx.app, someone, {
      name: WORLD.employer,
      hourlyRate: '20',
      departments: WORLD.departments,
    });
    for (const [i, note] of WORLD.notes.entries()) {
      await addWorkLog(ctx.app, someone, {
        employerId: employer.id,
        date: `2026-07-0${i + 1}`,
        startTime: '09:00',
        endTime: '17:00',
        department: WORLD.departments[i],
        note,
      });
    }
    const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', someone, {
      format: 'pdf',
      employerId: employer.id,
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      includeNotes: true,
    });
    expect(res.statusCode).toBe(201);
    const bytes = (await callApi(ctx.app, 'GET', res.json().downloadUrl, someone)).rawPayload;
    const text = squeezed(poppler('pdftotext', ['-enc', 'UTF-8'], bytes));
    // pdftotext gives each right-to-left run in logical order (as typed) but puts two runs
    // that stand side by side in the order they stand on the line: a text holding both Hebrew
    // and Arabic is compared word by word, every other text whole.
    const twoRtlScripts = (typed: string) =>
      /\p{Script=Hebrew}/u.test(typed) && /\p{Script=Arabic}/u.test(typed);
    for (const typed of [
      `${WORLD.firstName} ${WORLD.lastName}`,
      WORLD.employer,
      ...WORLD.departments,
      ...WORLD.notes.map((note) => `Note: ${note}`),
    ]) {
      const parts = twoRtlScripts(typed) ? typed.split(' ') : [typed];
      for (const part of parts) expect(text).toContain(squeezed(part));
    }
    // Each script is drawn by a face that has it (a missing glyph would print as a box).
    const fonts = poppler('pdffonts', [], bytes);
    for (const face of faces) expect(fonts).toContain(`+${face.name}`);
  });

  it('keeps every word inside its column and the page, in any script and at any length', async () => {
    const long = (unit: string, times: number) =>
      Array.from({ length: times }, () => unit).join('');
    const rows = [...WORLD.notes, long('東京', 60), long('สวัสดี', 30), long('Lorem', 40)].map(
      (note, i) =>
        reportRow({
          date: `2026-07-${String(i + 1).padStart(2, '0')}`,
          startTime: '09:00',
          endTime: '17:00',
          breakMinutes: 0,
          department: `${WORLD.departments[i % WORLD.departments.length]} ${long('部', 30)}`,
          note: `${note} ${WORLD.employer} ${note}`,
          rateCents: 2000,
        }),
    );
    const model = buildReportModel({
      user: {
        name: `${WORLD.firstName} ${WORLD.lastName} ${long('ñ', 80)}`,
        email: 'a@example.com',
      },
      employer: {
        name: `${WORLD.employer} ${long('Ω', 90)} ${WORLD.employer}`,
        contactEmail: `${long('x', 120)}@example.com`,
        phone: null,
        address: long('서울특별시강남구', 12),
        brandColor: 'teal',
      },
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      dueDate: '2026-08-15',
      generatedOn: '2026-08-01',
      timeZone: 'Asia/Tokyo',
      timeFormat: '24-hour',
      currency: 'JPY',
      // Rules that changed every other day: more sets than the Details column holds.
      ruleSets: Array.from({ length: 16 }, (_, i) => ({
        from: `2026-07-${String(2 * i + 1).padStart(2, '0')}`,
        to: i === 15 ? '2026-07-31' : `2026-07-${String(2 * i + 2).padStart(2, '0')}`,
        rules: {
          ...EXACT_MINUTES,
          roundingStep: i % 2 === 0 ? ('15' as const) : ('none' as const),
        },
        taxCalculation: i % 3 === 0 ? ('add' as const) : ('deduct' as const),
        taxBasisPoints: 1000 + i,
      })),
      includeNotes: true,
      includeSummary: true,
      rows,
    });
    const { bytes, boxes } = await layoutPdf(model);
    const text = poppler('pdftotext', [], bytes).replace(/\s+/g, ' ');
    expect(text).toContain('The rules changed 15 times within these dates: see below.');
    expect(text).toContain('Rules by date');
    expect(text).toContain(
      'Fri, Jul 31, 2026 – Fri, Jul 31, 2026: Not rounded: exact minutes. Pay = minutes × rate ÷ 60, to the cent. Tax 10.15% added to the gross.',
    );
    expect(expectWordsInColumns(bytes, boxes)).toBeGreaterThan(300);
  });
});

describe('the fonts a PDF embeds', () => {
  it('are Inter alone for a Latin-only timesheet, each as a subset', async () => {
    const model = buildReportModel({
      user: { name: 'Łukasz Müller', email: 'l@example.com' },
      employer: {
        name: 'Café Zürich',
        contactEmail: null,
        phone: null,
        address: 'Straße 12',
        brandColor: 'teal',
      },
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      dueDate: '2026-08-15',
      generatedOn: '2026-08-01',
      timeZone: 'Europe/Zurich',
      timeFormat: '24-hour',
      currency: 'CHF',
      rules: EXACT_MINUTES,
      taxCalculation: 'deduct',
      taxBasisPoints: 800,
      includeNotes: true,
      includeSummary: true,
      rows: [
        reportRow({
          date: '2026-07-01',
          startTime: '09:00',
          endTime: '17:00',
          breakMinutes: 30,
          department: 'Küche',
          note: 'Zoë: £3 and ¥500 tips, ł',
          rateCents: 2500,
        }),
      ],
    });
    const { bytes } = await layoutPdf(model);
    const fonts = poppler('pdffonts', [], bytes)
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => line.split(/\s+/)[0]);
    // A subset's name carries a six-letter tag: 'ABCDEF+Inter-Regular'.
    expect(fonts.map((name) => name?.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'Inter-Bold',
      'Inter-Regular',
    ]);
    expect(fonts.every((name) => /^[A-Z]{6}\+/.test(name ?? ''))).toBe(true);
  });
});

describe('the PDF timesheet for assistive technology', () => {
  it('is tagged in reading order, states its language and passes qpdf --check', async () => {
    const bakery = await addEmployer(ctx.app, lukasz, {
      name: 'Tagged Bakery',
      hourlyRate: '18',
      taxRate: '10',
      departments: ['Ovens'],
    });
    await ctx.database.db.execute(sql`
      insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration, hourly_rate_at_time, department, note)
      select ${lukasz.userId}, ${bakery.id}, date '2026-04-01' + g, time '06:00', time '14:00', 30, 18, 'Ovens', 'Bread ' || g
        from generate_series(0, 59) g`);
    const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', lukasz, {
      format: 'pdf',
      employerId: bakery.id,
      startDate: '2026-04-01',
      endDate: '2026-05-31',
      includeNotes: true,
    });
    expect(res.statusCode).toBe(201);
    const bytes = (await callApi(ctx.app, 'GET', res.json().downloadUrl, lukasz)).rawPayload;

    const check = qpdf(['--check'], bytes);
    expect(check.stdout.toString(), check.stderr.toString()).toContain(
      'No syntax or stream encoding errors found',
    );
    expect(check.status).toBe(0);
    const info = poppler('pdfinfo', [], bytes);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBeGreaterThan(1);

    const { lang, root } = structureOf(bytes);
    expect(lang).toBe('u:en');
    expect(root.type).toBe('Document');
    // The heading once (the header repeated on later pages is page furniture), who it is
    // from and for, the shifts, the summary and the totals: in the order they are read.
    expect(root.kids.map((kid) => kid.type)).toEqual([
      'H1',
      'P',
      'P',
      'Sect',
      'Sect',
      'Sect',
      'Table',
      'H2',
      'Table',
      'Table',
    ]);
    for (const section of root.kids.filter((kid) => kid.type === 'Sect')) {
      expect(section.kids[0]?.type).toBe('H2');
      expect(section.kids.slice(1).every((kid) => kid.type === 'P')).toBe(true);
    }
    const [shifts, summary, totals] = root.kids.filter((kid) => kid.type === 'Table');
    // One header row of nine column titles (not one per page), then a row per shift and
    // a row for its note.
    expect(shifts!.kids).toHaveLength(1 + 60 * 2);
    expect(shifts!.kids.every((row) => row.type === 'TR')).toBe(true);
    expect(shifts!.kids[0]!.kids.map((cell) => cell.type)).toEqual(Array(9).fill('TH'));
    expect(shifts!.kids[1]!.kids.map((cell) => cell.type)).toEqual(Array(9).fill('TD'));
    expect(shifts!.kids[2]!.kids.map((cell) => cell.type)).toEqual(['TD']);
    expect(summary!.kids.map((row) => row.kids.length)).toEqual([4, 4]);
    expect(totals!.kids.map((row) => row.kids.map((cell) => cell.type))).toEqual(
      Array(6).fill(['TH', 'TD']),
    );
  });
});

/** The smallest model a PDF can be rendered from. */
const tinyModel = (employerName = 'B'): ReportModel => ({
  user: { name: 'A', email: 'a@example.com' },
  employer: {
    name: employerName,
    contactEmail: null,
    phone: null,
    address: null,
    brandColor: 'red',
  },
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  dueDate: '2026-02-01',
  generatedOn: '2026-02-01',
  timeFormat: '12-hour',
  currency: 'USD',
  ruleSets: [
    {
      from: '2026-01-01',
      to: '2026-01-31',
      rules: EXACT_MINUTES,
      taxCalculation: 'none',
      taxBasisPoints: 0,
    },
  ],
  rules: EXACT_MINUTES,
  taxCalculation: 'none',
  taxBasisPoints: 0,
  includeNotes: false,
  includeSummary: true,
  paperSize: 'A4',
  rows: [],
  departments: [],
  extras: false,
  overtimePeriods: [],
  totals: {
    paidMinutes: 0,
    hundredths: 0,
    tenths: 0,
    earningsCents: 0,
    shifts: 0,
    regularCents: 0,
    premiumCents: 0,
    overtimeCents: 0,
    grossCents: 0,
    taxCents: 0,
    totalCents: 0,
    taxes: [{ taxCalculation: 'none', taxBasisPoints: 0, grossCents: 0, taxCents: 0 }],
    expenseCents: 0,
    dueCents: 0,
  },
  expenses: [],
});

describe('the document renderer', () => {
  const renderer = new DocumentRenderer();
  afterAll(() => renderer.close());

  it('reports a failed job and renders the next one', async () => {
    await expect(renderer.render('pdf', {} as ReportModel)).rejects.toThrow(/rendering failed/);
    const bytes = await renderer.render('pdf', tinyModel());
    expect(pdfText(bytes)).toContain('Page 1 of 1');
  });
});

describe('the document renderer, when its worker fails', () => {
  const renderer = new DocumentRenderer({
    filename: new URL('../../test/faulty-render.worker.ts', import.meta.url).href,
    timeoutMs: 3_000,
  });
  afterAll(() => renderer.close());

  it('answers a job whose worker died with an error, and renders the next one', async () => {
    await expect(renderer.render('pdf', tinyModel('crash'))).rejects.toThrow(
      /rendering failed: .*worker exited with code: 3/,
    );
    expect(pdfText(await renderer.render('pdf', tinyModel()))).toContain('Page 1 of 1');
  });

  it('gives up a job that hangs, and renders the next one', async () => {
    await expect(renderer.render('pdf', tinyModel('hang'))).rejects.toThrow(
      'rendering a pdf took over 3000 ms',
    );
    expect((await renderer.render('csv', tinyModel())).toString()).toContain('B');
  });
});
