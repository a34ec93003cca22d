import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeWorkLog } from '@/test/fixtures';
import { apiError } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { WORK_LOG_FILTERS_KEY } from './use-work-log-filters';
import { WorkLogsPage } from './work-logs-page';
import { listCalls, mockWorkLogsApi } from './work-logs-page.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

describe('the Work Logs page', () => {
  it('invites the first shift when there are no logs at all', async () => {
    mockWorkLogsApi([]);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    expect(screen.getByRole('heading', { level: 1, name: 'Work Logs' })).toBeInTheDocument();
    expect(await screen.findByText('No Work Logs Found')).toBeInTheDocument();
    expect(screen.getByText('Get Started By Logging Your First Work Shift')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New Work Log' })).toHaveLength(2);
  });

  it('suggests changing the filters when stored filters hide every log, and asks the server with them', async () => {
    window.localStorage.setItem(
      WORK_LOG_FILTERS_KEY,
      JSON.stringify({ employerId: '1', department: 'Design', date: 'this-month' }),
    );
    const api = mockWorkLogsApi([]);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    expect(await screen.findByText('Try changing your filters or search term')).toBeInTheDocument();
    const params = listCalls(api).at(-1)?.searchParams;
    expect(params?.get('employerId')).toBe('1');
    expect(params?.get('department')).toBe('Design');
    expect(params?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(params?.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(params?.get('limit')).toBe('51');
    expect(params?.get('offset')).toBe('0');

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(listCalls(api).at(-1)?.search).toBe('?limit=51&offset=0'));
    expect(window.localStorage.getItem(WORK_LOG_FILTERS_KEY)).toBeNull();
  });

  it('shows a table with the documented columns on a wide screen', async () => {
    desktop();
    mockWorkLogsApi([
      makeWorkLog(),
      makeWorkLog({
        id: 11,
        startTime: '22:00',
        endTime: '06:00',
        breakDuration: 0,
        hours: '8.0',
        earnings: '200.00',
      }),
    ]);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '',
      'Employer',
      'Date',
      'Time',
      'Hours',
      'Earnings',
      'Break',
      'Actions',
    ]);
    expect(
      within(table).getByRole('checkbox', { name: 'Select all work logs on this page' }),
    ).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Acme Studio');
    expect(first).toHaveTextContent('Mon, Mar 2, 2026');
    expect(first).toHaveTextContent('9:00 AM – 5:00 PM');
    expect(first).toHaveTextContent('7.5 h');
    expect(first).toHaveTextContent('$187.50');
    expect(first).toHaveTextContent('30 min');
    expect(second).toHaveTextContent('10:00 PM – 6:00 AM (+1 day)');
    expect(second).toHaveTextContent('8.0 h');
    expect(
      within(first!).getByRole('button', {
        name: 'Edit work log for Acme Studio on Mon, Mar 2, 2026',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('shows cards instead of the table under 768 px, with times in 24-hour form when set', async () => {
    mockWorkLogsApi([makeWorkLog()], { settings: makeSettings({ timeFormat: '24-hour' }) });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const list = await screen.findByRole('list', { name: 'Work logs' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() => expect(list).toHaveTextContent('09:00 – 17:00'));
    expect(
      within(list).getByRole('button', { name: /^Delete work log for Acme Studio/ }),
    ).toBeVisible();
  });

  it('offers Retry when the logs cannot be fetched', async () => {
    let fail = true;
    mockWorkLogsApi([], {
      routes: {
        'GET /api/work-logs': () =>
          fail ? apiError(500, 'internal_error', 'Boom') : [makeWorkLog()],
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    expect(await screen.findByText('Failed to fetch work logs')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Acme Studio')).toBeInTheDocument();
  });

  it('searches by employer name on the server once typing pauses', async () => {
    const api = mockWorkLogsApi([makeWorkLog()]);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    await screen.findByText('Acme Studio');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Logs' }), 'acme');
    await waitFor(() => expect(listCalls(api).at(-1)?.searchParams.get('search')).toBe('acme'));
    const searches = listCalls(api).filter((url) => url.searchParams.has('search'));
    expect(searches).toHaveLength(1);
  });

  it('pages 50 at a time', async () => {
    const logs = Array.from({ length: 51 }, (_, i) => makeWorkLog({ id: 100 + i }));
    const api = mockWorkLogsApi(logs);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    expect(await screen.findByText('Showing 1–50 of 51')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.searchParams.get('offset')).toBe('50'));
  });

  it('deletes a log only after confirmation, and Undo in its toast puts it back', async () => {
    const api = mockWorkLogsApi([makeWorkLog()], {
      routes: {
        'DELETE /api/work-logs/10': { success: true, undoToken: 'undo-10' },
        'POST /api/work-logs/restore': { count: 1, ids: [10] },
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    await userEvent.click(
      await screen.findByRole('button', { name: /^Delete work log for Acme Studio/ }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this work log?' });
    const deletes = () => api.calls().filter((call) => call.method === 'DELETE');
    expect(deletes()).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const deleted = await findToast('Work log deleted');
    expect(deletes()[0]?.url).toBe('/api/work-logs/10');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.click(within(deleted).getByRole('button', { name: 'Undo' }));
    expect(await findToast('Work log restored')).toBeInTheDocument();
    expect(api.calls('POST /api/work-logs/restore')[0]?.body).toEqual({ token: 'undo-10' });
  });

  it('says why when Undo comes too late', async () => {
    mockWorkLogsApi([makeWorkLog()], {
      routes: {
        'DELETE /api/work-logs/10': { success: true, undoToken: 'undo-10' },
        'POST /api/work-logs/restore': apiError(
          404,
          'not_found',
          'Nothing to undo: the deleted shifts can no longer be restored',
        ),
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    await userEvent.click(
      await screen.findByRole('button', { name: /^Delete work log for Acme Studio/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const deleted = await findToast('Work log deleted');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.click(within(deleted).getByRole('button', { name: 'Undo' }));
    const failed = await findToast('Could not undo');
    expect(
      within(failed).getByText('Nothing to undo: the deleted shifts can no longer be restored'),
    ).toBeVisible();
  });

  it('reports a failed delete with its message', async () => {
    mockWorkLogsApi([makeWorkLog()], {
      routes: { 'DELETE /api/work-logs/10': apiError(404, 'not_found', 'Work log not found') },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    await userEvent.click(
      await screen.findByRole('button', { name: /^Delete work log for Acme Studio/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const failed = await findToast('Error');
    expect(within(failed).getByText('Failed to delete work log: Work log not found')).toBeVisible();
    expect(failed).toHaveClass('destructive');
  });
});
