import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeWorkLog } from '@/test/fixtures';
import { apiError, hang, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { WORK_LOG_FILTERS_KEY } from './use-work-log-filters';
import { WorkLogsPage } from './work-logs-page';
import { listCalls, mockWorkLogsApi, query } from './work-logs-page.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const totals = () => screen.findByRole('region', { name: /^Totals for/ });
const summaryCalls = (api: MockApi) => listCalls(api, '/api/work-logs/summary');

describe('the totals of the Work Logs page', () => {
  it('shows the hours and earnings of every matching log, not just the page on screen', async () => {
    desktop();
    const logs = Array.from({ length: 51 }, (_, i) => makeWorkLog({ id: 100 + i }));
    const api = mockWorkLogsApi(logs, {
      summary: { count: 120, totalHours: '1042.5', totalEarnings: '26062.50' },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });

    const region = await totals();
    expect(region).toHaveAccessibleName('Totals for all your shifts');
    expect(await within(region).findByText('120 shifts')).toBeInTheDocument();
    expect(within(region).getByText('1042.5 h')).toBeInTheDocument();
    expect(within(region).getByText('$26,062.50')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument();
    expect(summaryCalls(api).at(-1)?.search).toBe('');
  });

  it("shows every amount in the user's currency, rows and totals alike", async () => {
    desktop();
    mockWorkLogsApi([makeWorkLog({ earnings: '187.50' })], {
      settings: makeSettings({ currency: 'EUR' }),
      summary: { count: 1, totalHours: '7.5', totalEarnings: '1187.50' },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });

    const region = await totals();
    expect(await within(region).findByText('€1,187.50')).toBeInTheDocument();
    const [, row] = within(await screen.findByRole('table')).getAllByRole('row');
    expect(row).toHaveTextContent('€187.50');
    expect(row).not.toHaveTextContent('$');
  });

  it('asks for the totals with the same filters as the list, without its paging', async () => {
    window.localStorage.setItem(
      WORK_LOG_FILTERS_KEY,
      JSON.stringify({ employerId: '1', department: 'Design', date: 'all' }),
    );
    const api = mockWorkLogsApi([makeWorkLog()]);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    expect(await totals()).toHaveAccessibleName('Totals for these filters');
    expect(await screen.findByText('1 shift')).toBeInTheDocument();
    const params = summaryCalls(api).at(-1)?.searchParams;
    expect(params?.get('employerId')).toBe('1');
    expect(params?.get('department')).toBe('Design');
    expect(params?.has('limit')).toBe(false);
    expect(params?.has('offset')).toBe(false);
  });

  it('says the totals are loading while they do', async () => {
    mockWorkLogsApi([makeWorkLog()], { summary: hang });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const region = await totals();
    expect(within(region).getByRole('status')).toHaveTextContent('Loading totals');
    expect(screen.getByText('Acme Studio')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('offers to reload the totals when they cannot be fetched, and keeps the list', async () => {
    let fail = true;
    mockWorkLogsApi([makeWorkLog()], {
      summary: () =>
        fail
          ? apiError(500, 'internal_error', 'Something went wrong')
          : { count: 1, totalHours: '7.5', totalEarnings: '187.50' },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const region = await totals();
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The totals could not be loaded.',
    );
    expect(screen.getByText('Acme Studio')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Reload totals' }));
    expect(await within(region).findByText('7.5 h')).toBeInTheDocument();
    expect(within(region).getByText('$187.50')).toBeInTheDocument();
  });
});

describe('the earnings split of the totals', () => {
  const summary = (premiumEarnings: string, overtimeEarnings: string) => ({
    count: 6,
    totalHours: '48.0',
    totalEarnings: '733.60',
    regularEarnings: '672.00',
    premiumEarnings,
    overtimeEarnings,
  });

  it('splits the earnings into regular, premiums and overtime (estimate) when there are any', async () => {
    desktop();
    mockWorkLogsApi([makeWorkLog()], { summary: summary('4.00', '57.60') });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const region = await totals();
    expect(await within(region).findByText('$733.60')).toBeInTheDocument();
    const parts = within(region).getByLabelText('Earnings split');
    expect(parts).toHaveTextContent('Regular$672.00Premiums$4.00Overtime (estimate)$57.60');
  });

  it('splits them with overtime alone too', async () => {
    mockWorkLogsApi([makeWorkLog()], { summary: summary('0.00', '57.60') });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const region = await totals();
    expect(await within(region).findByLabelText('Earnings split')).toHaveTextContent(
      'Overtime (estimate)$57.60',
    );
  });

  it('shows no split when all the pay is regular', async () => {
    mockWorkLogsApi([makeWorkLog()], { summary: summary('0.00', '0.00') });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const region = await totals();
    expect(await within(region).findByText('$733.60')).toBeInTheDocument();
    expect(within(region).queryByLabelText('Earnings split')).toBeNull();
    expect(region).not.toHaveTextContent('Regular');
  });
});

describe('searching the Work Logs page', () => {
  const refused = () =>
    apiError(400, 'validation_failed', 'Search must be at most 200 characters', {
      search: 'Search must be at most 200 characters',
    });

  it("shows the server's reason for refusing a search, not 'No Work Logs Found', and clears it", async () => {
    const api = mockWorkLogsApi([makeWorkLog()], {
      routes: {
        'GET /api/work-logs': (call) => (query(call).has('search') ? refused() : [makeWorkLog()]),
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    await screen.findByText('Acme Studio');
    const searchBox = screen.getByRole('searchbox', { name: 'Search Logs' });
    await userEvent.click(searchBox);
    await userEvent.paste('x'.repeat(201));

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent("That search can't be run");
    expect(alert).toHaveTextContent('Search must be at most 200 characters');
    expect(screen.queryByText('No Work Logs Found')).not.toBeInTheDocument();
    expect(searchBox).toBeInvalid();
    expect(searchBox).toHaveAccessibleDescription('Search must be at most 200 characters');

    const asked = listCalls(api).length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Clear search' }));
    expect(searchBox).toHaveValue('');
    expect(await screen.findByText('Acme Studio')).toBeInTheDocument();
    expect(searchBox).toBeValid();
    // The unsearched list is back (from the cache, fresh for 5 minutes: docs/product/screens.md#talking-to-the-server), and
    // nothing asks for the refused search again.
    const since = listCalls(api).slice(asked);
    expect(since.some((url) => url.searchParams.has('search'))).toBe(false);
  });

  it('sends the search as typed and shows what the server matched, accents and case aside', async () => {
    const cafe = makeWorkLog({
      id: 20,
      employer: { ...makeWorkLog().employer, id: 3, name: 'Northwind Café' },
    });
    const api = mockWorkLogsApi([makeWorkLog()], {
      routes: {
        'GET /api/work-logs': (call) => (query(call).has('search') ? [cafe] : [makeWorkLog()]),
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    await screen.findByText('Acme Studio');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Logs' }), 'CAFE');
    expect(await screen.findByText('Northwind Café')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Acme Studio')).not.toBeInTheDocument());
    expect(listCalls(api).at(-1)?.searchParams.get('search')).toBe('CAFE');
  });
});
