import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endsNextDay,
  formatClock,
  formatCurrency,
  formatDisplayDate,
  formatHours,
  logAmounts,
} from '../../../shared/domain/index.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { DocumentRenderer } from './renderer.ts';
import type { ReportModel } from './report-model.ts';

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
      logAmounts(
        {
          ...log,
          breakDuration: log.breakDuration ?? 0,
          hourlyRateAtTime: 2000,
          employerRate: 2000,
        },
        'none',
      ),
    );
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
          formatHours(row.tenths),
          formatCurrency(2000, 'EUR'),
          formatCurrency(row.earningsCents, 'EUR'),
        ]),
      );
    });
    const gross = amounts[0]!.earningsCents + amounts[1]!.earningsCents;
    const tax = Math.round(gross * 0.15);
    expect(text).toMatch(
      rowPattern(['Total hours', `${formatHours(amounts[0]!.tenths + amounts[1]!.tenths)} h`]),
    );
    expect(text).toMatch(rowPattern(['Gross earnings', formatCurrency(gross, 'EUR')]));
    expect(text).toMatch(rowPattern(['Tax (15.00%) added', formatCurrency(tax, 'EUR')]));
    expect(text).toMatch(rowPattern(['TOTAL DUE', formatCurrency(gross + tax, 'EUR')]));
    expect(text).toMatch(rowPattern(['Küche', '1', formatHours(amounts[0]!.tenths)]));
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
      expect(page).toMatch(rowPattern(['Date', 'Department', 'Start', 'End', 'Break', 'Hours']));
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

  it('prints no tax line when the user’s tax method is none, and "deducted" for deduct', async () => {
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
    await callApi(ctx.app, 'PATCH', '/api/settings/export', lukasz, { taxCalculation: 'none' });
    const none = await pdfOf(lukasz, range);
    expect(none).not.toContain('Tax (');
    expect(none).toMatch(rowPattern(['TOTAL DUE', formatCurrency(10000, 'EUR')]));
    await callApi(ctx.app, 'PATCH', '/api/settings/export', lukasz, { taxCalculation: 'deduct' });
    const deducted = await pdfOf(lukasz, range);
    expect(deducted).toMatch(rowPattern(['Tax (20.00%) deducted', formatCurrency(2000, 'EUR')]));
    expect(deducted).toMatch(rowPattern(['TOTAL DUE', formatCurrency(8000, 'EUR')]));
  });
});

describe('the document renderer', () => {
  const renderer = new DocumentRenderer();
  afterAll(() => renderer.close());

  it('reports a failed job and renders the next one', async () => {
    await expect(renderer.render('pdf', {} as ReportModel)).rejects.toThrow(/rendering failed/);
    const model: ReportModel = {
      user: { name: 'A', email: 'a@example.com' },
      employer: { name: 'B', contactEmail: null, phone: null, address: null, brandColor: 'red' },
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      dueDate: '2026-02-01',
      generatedOn: '2026-02-01',
      timeFormat: '12-hour',
      currency: 'USD',
      roundTime: 'none',
      taxCalculation: 'none',
      taxBasisPoints: 0,
      includeNotes: false,
      includeSummary: true,
      paperSize: 'A4',
      rows: [],
      departments: [],
      totals: { tenths: 0, shifts: 0, grossCents: 0, taxCents: 0, totalCents: 0 },
    };
    const bytes = await renderer.render('pdf', model);
    expect(pdfText(bytes)).toContain('Page 1 of 1');
  });
});
