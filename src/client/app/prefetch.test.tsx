import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDashboardStats, makeGmailStatus, makeSettings, makeUser } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { usePrefetchAtStartup, usePrefetchOnNavigation } from './prefetch';

function Prefetcher() {
  usePrefetchAtStartup();
  return null;
}

describe('usePrefetchAtStartup', () => {
  it('fetches the user, the settings, the mail status, the employers and the dashboard into the cache once', async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser() },
      'GET /api/settings': makeSettings(),
      'GET /api/auth/gmail/status': makeGmailStatus(),
      'GET /api/employers': [],
      'GET /api/dashboard/stats': makeDashboardStats(),
      'GET /api/dashboard/recent-work-logs': [],
    });
    const { queryClient } = renderWithProviders(<Prefetcher />);
    await waitFor(() => expect(queryClient.getQueryData(['/api/employers'])).toEqual([]));
    const urls = api
      .calls()
      .map((call) => call.url)
      .sort();
    expect(urls).toEqual([
      '/api/auth/gmail/status',
      '/api/auth/me',
      '/api/dashboard/recent-work-logs',
      '/api/dashboard/stats?period=week',
      '/api/employers',
      '/api/settings',
    ]);
  });
});

function NavigationPrefetcher() {
  usePrefetchOnNavigation();
  return null;
}

describe('usePrefetchOnNavigation', () => {
  it('asks for the timesheet history on the way to Timesheet Reports, and not elsewhere', async () => {
    const api = mockApi({
      'GET /api/timesheets': { items: [], total: 0, page: 1, pageSize: 20 },
    });
    renderWithProviders(<NavigationPrefetcher />, { path: '/employers' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls('GET /api/timesheets')).toEqual([]);

    const { queryClient } = renderWithProviders(<NavigationPrefetcher />, {
      path: '/Timesheet-Reports',
    });
    await waitFor(() => expect(api.calls('GET /api/timesheets')).toHaveLength(1));
    expect(api.calls('GET /api/timesheets')[0]?.url).toContain('page=1');
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['/api/timesheets'] })).toHaveLength(
        1,
      ),
    );
  });

  it('asks for the pay ledger and the payments on the way to Pay', async () => {
    const api = mockApi({
      'GET /api/payments/ledger': {
        today: '2026-11-26',
        graceDays: 3,
        employers: [],
        owedCents: 0,
        overdueCents: 0,
        overdue: [],
      },
      'GET /api/payments': { payments: [] },
    });
    renderWithProviders(<NavigationPrefetcher />, { path: '/settings' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls()).toEqual([]);
    renderWithProviders(<NavigationPrefetcher />, { path: '/pay' });
    await waitFor(() => expect(api.calls('GET /api/payments/ledger')).toHaveLength(1));
    expect(api.calls('GET /api/payments')).toHaveLength(1);
  });
});
