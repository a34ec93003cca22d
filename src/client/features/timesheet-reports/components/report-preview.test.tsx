import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeWorkLog, noExtras } from '@/test/fixtures';
import { hang } from '@/test/mock-api';
import { desktop } from '@/test/viewport';
import { getReportLogs, REPORT_LOGS_PAGE } from '../api/get-report-logs';
import {
  acme,
  acmeLogs,
  mockReportsApi,
  northwind,
  openPage,
  storeAcmeWeek,
} from './timesheet-reports.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const preview = () => screen.getByRole('region', { name: 'Preview' });

/** The payment summary's lines as 'term: value'. */
async function summaryLines() {
  const list = await within(preview()).findByLabelText('Payment summary', { selector: 'dl' });
  const terms = within(list)
    .getAllByRole('term')
    .map((t) => t.textContent);
  const values = within(list)
    .getAllByRole('definition')
    .map((d) => d.textContent);
  return terms.map((term, i) => `${term}: ${values[i]}`);
}

describe('the preview', () => {
  it('invites a choice until an employer and a range are chosen', async () => {
    const api = mockReportsApi();
    await openPage();
    expect(
      within(preview()).getByText(
        'Choose an employer and a date range to see what the report will contain.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/work-logs')).toHaveLength(0);
  });

  it("lists the employer's shifts in the range in date order, in a table on a wide screen", async () => {
    desktop();
    storeAcmeWeek();
    const api = mockReportsApi();
    await openPage();
    const table = await within(preview()).findByRole('table', { name: 'Shifts in the report' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Date',
      'Department',
      'Start',
      'End',
      'Break',
      'h:mm',
      'Hours',
      'Earnings',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(
      [
        'Mon, Mar 2, 2026',
        'Design',
        '9:00 AM',
        '5:00 PM',
        '30 min',
        '7:30',
        '7.50 h',
        '$187.50',
      ].join(''),
    );
    expect(second).toHaveTextContent(
      [
        'Tue, Mar 3, 2026',
        'General',
        '10:00 PM',
        '6:00 AM (+1 day)',
        '0 min',
        '8:00',
        '8.00 h',
        '$200.00',
      ].join(''),
    );
    expect(
      within(preview()).getByText('Acme Studio, Mar 1 – Mar 7, 2026 · 2 shifts'),
    ).toBeInTheDocument();
    // The rules the file will state beside its rows.
    expect(
      within(preview()).getByText(
        'Not rounded: exact minutes. Pay = minutes × rate ÷ 60, to the cent. Tax 15.00% added to the gross.',
      ),
    ).toBeInTheDocument();
    const url = new URL(api.calls('GET /api/work-logs')[0]!.url, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      employerId: '1',
      from: '2026-03-01',
      to: '2026-03-07',
      limit: String(REPORT_LOGS_PAGE),
      offset: '0',
    });
  });

  it('shows cards under 768 px, times in 24-hour form, and notes when they are included', async () => {
    storeAcmeWeek({ includeNotes: true });
    mockReportsApi({ settings: makeSettings({ timeFormat: '24-hour' }) });
    await openPage();
    const cards = await within(preview()).findByRole('list', { name: 'Shifts in the report' });
    const [first, second] = within(cards).getAllByRole('listitem');
    expect(first).toHaveTextContent('09:00 – 17:00');
    expect(first).toHaveTextContent('Logo sketches');
    expect(second).toHaveTextContent('22:00 – 06:00 (+1 day)');
    expect(second).toHaveTextContent('General');
    expect(within(preview()).queryByRole('table')).toBeNull();
  });

  it.each([
    [
      'add',
      [
        'Total time: 15:30',
        'Total hours: 15.50 h',
        'Gross earnings: $387.50',
        'Tax added (15.00%): +$58.13',
        'Total due: $445.63',
      ],
    ],
    [
      'deduct',
      [
        'Total time: 15:30',
        'Total hours: 15.50 h',
        'Gross earnings: $387.50',
        'Tax deducted (15.00%): −$58.13',
        'Total due: $329.37',
      ],
    ],
    [
      'none',
      [
        'Total time: 15:30',
        'Total hours: 15.50 h',
        'Gross earnings: $387.50',
        'Tax: Not applied',
        'Total due: $387.50',
      ],
    ],
  ] as const)(
    "sums the rows and applies the employer's tax rate with its '%s' method, whatever Settings says",
    async (taxMethod, lines) => {
      storeAcmeWeek();
      mockReportsApi({
        employers: [{ ...acme, taxMethod }, northwind],
        // The settings' method is for new employers only.
        settings: makeSettings({ taxCalculation: taxMethod === 'add' ? 'deduct' : 'add' }),
      });
      await openPage();
      expect(await summaryLines()).toEqual(lines);
    },
  );

  it('taxes each shift by the tax of its date when the tax changed within the range', async () => {
    storeAcmeWeek();
    const version = {
      ...noExtras,
      hourlyRate: '25.00',
      roundingStep: 'none',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
    } as const;
    mockReportsApi({
      employers: [
        {
          ...acme,
          taxMethod: 'deduct',
          taxRate: '20.00',
          payRules: [
            { ...version, effectiveFrom: null, taxMethod: 'add', taxRate: '15.00' },
            { ...version, effectiveFrom: '2026-03-03', taxMethod: 'deduct', taxRate: '20.00' },
          ],
        },
        northwind,
      ],
    });
    await openPage();
    // 2 March: $187.50 + 15 % ($28.13); 3 March: $200.00 − 20 % ($40.00). Due: $375.63.
    expect(await summaryLines()).toEqual([
      'Total time: 15:30',
      'Total hours: 15.50 h',
      'Gross earnings: $387.50',
      'Tax added (15.00%): +$28.13',
      'Tax deducted (20.00%): −$40.00',
      'Total due: $375.63',
    ]);
    expect(
      within(preview()).getByText(
        'Mar 1 – Mar 2, 2026: Not rounded: exact minutes. Pay = minutes × rate ÷ 60, to the cent. Tax 15.00% added to the gross.',
      ),
    ).toBeInTheDocument();
    expect(
      within(preview()).getByText(
        'Mar 3 – Mar 7, 2026: Not rounded: exact minutes. Pay = minutes × rate ÷ 60, to the cent. Tax 20.00% deducted from the gross.',
      ),
    ).toBeInTheDocument();
  });

  it('lists only the tax taken when part of the range takes none, as the file does', async () => {
    storeAcmeWeek();
    const version = {
      ...noExtras,
      hourlyRate: '25.00',
      roundingStep: 'none',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      taxRate: '15.00',
    } as const;
    mockReportsApi({
      employers: [
        {
          ...acme,
          payRules: [
            { ...version, effectiveFrom: null, taxMethod: 'none' },
            { ...version, effectiveFrom: '2026-03-03', taxMethod: 'add' },
          ],
        },
        northwind,
      ],
    });
    await openPage();
    // 2 March untaxed; 3 March: $200.00 + 15 % = $30.00. Due: $417.50.
    expect(await summaryLines()).toEqual([
      'Total time: 15:30',
      'Total hours: 15.50 h',
      'Gross earnings: $387.50',
      'Tax added (15.00%): +$30.00',
      'Total due: $417.50',
    ]);
  });

  it('splits the gross into regular pay, premiums and overtime, and shows each pay line, as the file does', async () => {
    desktop();
    storeAcmeWeek();
    const overtime = {
      preset: 'usFederal',
      workweekStartDay: 0,
      workweekStartTime: '00:00',
      weekly: { overMinutes: 2400, multiplierBp: 15_000 },
    } as const;
    const nights = {
      id: 'nights',
      name: 'Nights',
      kind: 'fixed',
      centsPerHour: 200,
      window: { start: '22:00', end: '06:00' },
    } as const;
    const employer = { ...acme, taxMethod: 'none', overtime, premiums: [nights] } as const;
    mockReportsApi({
      employers: [
        {
          ...employer,
          payRules: [{ ...employer, ...{ effectiveFrom: null, taxRate: '15.00' } }],
        },
        northwind,
      ],
      logs: [
        acmeLogs[0]!,
        makeWorkLog({
          ...acmeLogs[1],
          // $200.00 straight time, $16.00 of nights, $12.00 of overtime.
          earnings: '228.00',
          premiumEarnings: '16.00',
          overtimeEarnings: '12.00',
          payLines: [
            {
              kind: 'premium',
              ruleId: 'nights',
              name: 'Nights',
              minutes: 480,
              exactMinutes: '480',
              rateCentsPerHour: 200,
              exactRateCentsPerHour: '200',
              amountCents: 1600,
            },
            {
              kind: 'overtime',
              basis: 'weekly',
              multiplierBp: 15_000,
              minutes: 60,
              exactMinutes: '60',
              periodStart: '2026-03-01',
              amountCents: 1200,
            },
          ],
        }),
      ],
    });
    await openPage();
    expect(await summaryLines()).toEqual([
      'Total time: 15:30',
      'Total hours: 15.50 h',
      'Regular pay: $387.50',
      'Premiums: $16.00',
      'Overtime (estimate): $12.00',
      'Gross earnings: $415.50',
      'Tax: Not applied',
      'Total due: $415.50',
    ]);
    const table = within(preview()).getByRole('table', { name: 'Shifts in the report' });
    const lines = within(table).getByRole('list', { name: 'Pay lines' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Regular pay $200.00',
      'Nights 8:00 h × $2.00 = $16.00',
      'Overtime 1.5× (weekly) 1:00 h = $12.00',
    ]);
    expect(within(table).getByText('$228.00')).toBeInTheDocument();
    expect(
      within(preview()).getByText(
        'Not rounded: exact minutes. Pay = minutes × rate ÷ 60, to the cent. No tax. Overtime: US federal (over 40 h a week); workweek from Sunday 00:00. Premiums: Nights: +$2.00/h, 22:00–06:00.',
      ),
    ).toBeInTheDocument();
    expect(within(preview()).getByText(/Overtime is an estimate/)).toBeInTheDocument();
  });

  it('keeps the gross whole when neither the shifts nor the rules have premiums or overtime', async () => {
    storeAcmeWeek();
    mockReportsApi({ employers: [{ ...acme, taxMethod: 'none' }, northwind] });
    await openPage();
    const lines = await summaryLines();
    expect(lines).toContain('Gross earnings: $387.50');
    expect(lines.some((line) => /Regular pay|Premiums|Overtime/.test(line))).toBe(false);
    expect(within(preview()).queryByRole('list', { name: 'Pay lines' })).toBeNull();
  });

  it("shows amounts in the user's currency", async () => {
    storeAcmeWeek();
    mockReportsApi({
      employers: [{ ...acme, taxMethod: 'none' }, northwind],
      settings: makeSettings({ currency: 'EUR' }),
    });
    await openPage();
    expect(await summaryLines()).toContain('Total due: €387.50');
  });

  it("says 'No shifts in this range' when the employer has none there", async () => {
    storeAcmeWeek();
    mockReportsApi({ logs: [] });
    await openPage();
    expect(await within(preview()).findByText('No shifts in this range')).toBeInTheDocument();
  });

  it('shows a loading status, then an error with a Retry that asks again', async () => {
    storeAcmeWeek();
    const api = mockReportsApi({ routes: { 'GET /api/work-logs': hang } });
    await openPage();
    expect(await within(preview()).findByRole('status')).toHaveTextContent('Loading the preview');

    api.use({ 'GET /api/work-logs': () => new Response('boom', { status: 500 }) });
    // A new range asks again; this time the answer is a failure.
    await userEvent.click(screen.getByRole('button', { name: 'Last week' }));
    const alert = await within(preview()).findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be loaded.');

    api.use({ 'GET /api/work-logs': [] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(preview()).findByText('No shifts in this range')).toBeInTheDocument();
  });
});

describe('getReportLogs', () => {
  it('reads page after page until a short one, so a long range is complete', async () => {
    const full = Array.from({ length: REPORT_LOGS_PAGE }, (_, i) =>
      makeWorkLog({ id: i + 1, date: '2026-01-02' }),
    );
    const api = mockReportsApi({
      routes: {
        'GET /api/work-logs': (call) =>
          call.url.includes('offset=0') ? full : [makeWorkLog({ id: 5000, date: '2026-01-01' })],
      },
    });
    const logs = await getReportLogs({ employerId: acme.id, from: '2026-01-01', to: '2026-12-31' });
    expect(logs).toHaveLength(REPORT_LOGS_PAGE + 1);
    expect(logs[0]?.id).toBe(5000);
    expect(api.calls('GET /api/work-logs').map((c) => c.url)).toEqual([
      `/api/work-logs?employerId=1&from=2026-01-01&to=2026-12-31&limit=${REPORT_LOGS_PAGE}&offset=0`,
      `/api/work-logs?employerId=1&from=2026-01-01&to=2026-12-31&limit=${REPORT_LOGS_PAGE}&offset=${REPORT_LOGS_PAGE}`,
    ]);
  });
});
