import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys, writeStorage } from '@/lib/storage-keys';
import {
  makeDashboardSeries,
  makeDashboardStats,
  makeEmployer,
  makeSettings,
  makeWorkLog,
} from '@/test/fixtures';
import { apiError, mockApi, type Routes } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './dashboard-page';

// jsdom draws no canvas: the chart stands in as its accessible name.
vi.mock('./hours-chart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const routes = (more: Routes = {}): Routes => ({
  'GET /api/dashboard/stats': makeDashboardStats(),
  'GET /api/dashboard/recent-work-logs': [makeWorkLog()],
  'GET /api/dashboard/weekly-hours': makeDashboardSeries(),
  'GET /api/employers': [makeEmployer(), makeEmployer({ id: 2, name: 'Old Job', isActive: false })],
  'GET /api/settings': makeSettings(),
  // Nothing owed: the "Owed to you" card stays away (owed-card.test.tsx shows it).
  'GET /api/payments/ledger': {
    today: '2026-11-26',
    graceDays: 3,
    employers: [],
    owedCents: 0,
    overdueCents: 0,
    overdue: [],
  },
  ...more,
});

describe('the dashboard', () => {
  beforeEach(() => {
    localStorage.clear();
    mockApi(routes());
  });

  it('shows the four stat cards with the period, trends and amount after tax', async () => {
    renderWithProviders(<DashboardPage />);
    const stats = await screen.findByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('12.5')).toBeInTheDocument();
    expect(within(stats).getByText('$312.50')).toBeInTheDocument();
    expect(within(stats).getByText('With tax added: $359.38')).toBeInTheDocument();
    expect(within(stats).getByRole('img', { name: 'up 12.5% on last week' })).toBeInTheDocument();
    expect(within(stats).getByRole('img', { name: 'down 4.0% on last week' })).toBeInTheDocument();
    expect(within(stats).getByRole('link', { name: 'View work logs' })).toHaveAttribute(
      'href',
      '/work-logs',
    );
    expect(within(stats).getByRole('link', { name: 'Manage employers' })).toHaveAttribute(
      'href',
      '/employers',
    );
  });

  it.each([
    ['deduct', 'After tax: $265.63'],
    ['mixed', "After each employer's tax: $265.63"],
    ['none', 'No tax applied'],
  ] as const)("names the '%s' tax method in the amount's line", async (taxCalculation, line) => {
    mockApi(
      routes({
        'GET /api/dashboard/stats': makeDashboardStats({ taxCalculation, totalDue: '265.63' }),
      }),
    );
    renderWithProviders(<DashboardPage />);
    const stats = await screen.findByRole('region', { name: 'Stats' });
    expect(await within(stats).findByText(line)).toBeInTheDocument();
  });

  it('says there is nothing to compare when the last period had nothing, not "100%"', async () => {
    mockApi(
      routes({
        'GET /api/dashboard/stats': makeDashboardStats({
          period: 'month',
          weeklyHoursTrend: { percentage: 0, direction: 'new' },
          weeklyEarningsTrend: { percentage: 0, direction: 'new' },
        }),
      }),
    );
    writeStorage(storageKeys.dashboardPeriod, 'month');
    renderWithProviders(<DashboardPage />);
    const stats = await screen.findByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('No hours last month to compare')).toBeInTheDocument();
    expect(within(stats).getByText('No earnings last month to compare')).toBeInTheDocument();
    expect(within(stats).queryByText(/%/)).not.toBeInTheDocument();
  });

  it('lists recent logs, active employers only, and the hours per employer', async () => {
    renderWithProviders(<DashboardPage />);
    const recent = await screen.findByRole('list', { name: 'Recent work logs' });
    expect(within(recent).getByText('Acme Studio')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all work logs' })).toHaveAttribute(
      'href',
      '/work-logs',
    );
    const employers = screen.getByRole('list', { name: 'Active employers' });
    expect(within(employers).getByText('Blue Bottle Cafe')).toBeInTheDocument();
    expect(within(employers).queryByText('Old Job')).not.toBeInTheDocument();
    const totals = await screen.findByRole('table', { name: 'Hours and earnings per employer' });
    expect(within(totals).getByRole('rowheader', { name: 'Acme Studio' })).toBeInTheDocument();
    // The chart is drawn once its card comes near the screen (hours-chart-card.test.tsx).
    totals.scrollIntoView();
    expect(await screen.findByRole('img', { name: /12\.5 h in all; Acme Studio 12\.5 h/ }));
  });

  it('walks a new user through adding an employer, with the empty cards', async () => {
    mockApi(
      routes({
        'GET /api/employers': [],
        'GET /api/dashboard/recent-work-logs': [],
        'GET /api/dashboard/stats': makeDashboardStats({
          weeklyHours: '0.0',
          earnings: '0.00',
          totalDue: '0.00',
          shifts: 0,
          activeEmployers: 0,
        }),
        'GET /api/dashboard/weekly-hours': makeDashboardSeries({ employers: [] }),
      }),
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Get started in two steps' }));
    expect(await screen.findByText('No Employers Added Yet')).toBeInTheDocument();
    expect(await screen.findByText('No work logged yet')).toBeInTheDocument();
    expect(await screen.findByText('No hours logged in this period')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Log your first shift/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Add your first employer/ }));
    expect(await screen.findByRole('dialog', { name: 'Add New Employer' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the stats fail, and loads them again', async () => {
    const api = mockApi(
      routes({ 'GET /api/dashboard/stats': apiError(500, 'internal_error', 'Server error') }),
    );
    renderWithProviders(<DashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch stats');
    expect(alert).toHaveTextContent('The server had a problem');
    api.use({ 'GET /api/dashboard/stats': makeDashboardStats() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Stats' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the recent logs fail', async () => {
    mockApi(
      routes({
        'GET /api/dashboard/recent-work-logs': apiError(500, 'internal_error', 'Server error'),
      }),
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch recent work logs');
  });

  it('opens the work-log and add-employer dialogs from Quick Actions', async () => {
    renderWithProviders(<DashboardPage />);
    expect(screen.getByRole('link', { name: 'Generate Report' })).toHaveAttribute(
      'href',
      '/timesheet-reports',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Log New Shift' }));
    expect(await screen.findByRole('dialog', { name: 'Log Work Hours' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Add Employer' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Employer' })).toBeInTheDocument();
  });

  it('asks for the new period when it is switched, and remembers it', async () => {
    const api = mockApi(routes());
    renderWithProviders(<DashboardPage />);
    await screen.findByRole('region', { name: 'Stats' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'This Month' }));
    await waitFor(() => expect(api.calls('GET /api/dashboard/stats?period=month')).toHaveLength(1));
    expect(api.calls('GET /api/dashboard/weekly-hours?period=month')).toHaveLength(1);
    expect(await screen.findAllByRole('img', { name: /on last month/ })).toHaveLength(2);
    expect(localStorage.getItem('dashboardPeriod')).toBe('month');
  });
});
