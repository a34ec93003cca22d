import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { apiError } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { WorkLogsPage } from './work-logs-page';
import { mockWorkLogsApi } from './work-logs-page.test-helpers';

vi.setConfig({ testTimeout: 20_000 });

const employer = { ...makeWorkLog().employer, departments: ['Design'] };
const logs = [
  makeWorkLog({ id: 10, date: '2026-03-04', employer }),
  makeWorkLog({ id: 11, date: '2026-03-03', employer }),
  makeWorkLog({ id: 12, date: '2026-03-02', employer }),
];
const bar = () => screen.findByRole('region', { name: 'Selected work logs' });

describe('selecting work logs and acting on them together', () => {
  it('ticks rows one by one or all on the page, and shows the bar only while some are', async () => {
    desktop();
    mockWorkLogsApi(logs);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Selected work logs' })).not.toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('checkbox', {
        name: 'Select work log for Acme Studio on Wed, Mar 4, 2026',
      }),
    );
    expect(await bar()).toHaveTextContent('1 selected');
    const all = within(table).getByRole('checkbox', { name: 'Select all work logs on this page' });
    expect(all).toHaveProperty('indeterminate', true);
    // The floating New Work Log gives way to the bar.
    await userEvent.click(all);
    expect(await bar()).toHaveTextContent('3 selected');
    expect(all).toBeChecked();
    await userEvent.click(all);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected work logs' })).not.toBeInTheDocument(),
    );
  });

  it('deletes the selected after confirmation, then Undo restores them with one request', async () => {
    desktop();
    const api = mockWorkLogsApi(logs, {
      routes: {
        'POST /api/work-logs/bulk': { count: 2, undoToken: 'undo-2' },
        'POST /api/work-logs/restore': { count: 2, ids: [10, 12] },
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getAllByRole('checkbox')[1]!);
    await userEvent.click(within(table).getAllByRole('checkbox')[3]!);
    await userEvent.click(within(await bar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 work logs?' });
    expect(api.calls('POST /api/work-logs/bulk')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const toast = await findToast('2 work logs deleted');
    expect(api.calls('POST /api/work-logs/bulk')[0]?.body).toEqual({
      action: 'delete',
      ids: [10, 12],
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected work logs' })).not.toBeInTheDocument(),
    );
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await findToast('2 work logs restored')).toBeInTheDocument();
    expect(api.calls('POST /api/work-logs/restore')[0]?.body).toEqual({ token: 'undo-2' });
  });

  it('moves the selected to a department, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const api = mockWorkLogsApi(logs, {
      routes: {
        'POST /api/work-logs/bulk': () =>
          refuse
            ? apiError(409, 'period_closed', 'Mon, Mar 2, 2026: The pay period is closed.')
            : { count: 3 },
      },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const list = await screen.findByRole('list', { name: 'Work logs' });
    for (const box of within(list).getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(within(await bar()).getByRole('button', { name: 'Change department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change department' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Design' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText('Mon, Mar 2, 2026: The pay period is closed.'),
    ).toBeVisible();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await findToast('3 work logs moved to Design')).toBeInTheDocument();
    expect(api.calls('POST /api/work-logs/bulk').at(-1)?.body).toEqual({
      action: 'set_department',
      ids: [10, 11, 12],
      department: 'Design',
    });
  });

  it('copies the selected to dates in one request', async () => {
    desktop();
    const api = mockWorkLogsApi(logs, {
      routes: { 'POST /api/work-logs/bulk': { count: 2 } },
    });
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getAllByRole('checkbox')[1]!);
    await userEvent.click(within(table).getAllByRole('checkbox')[2]!);
    await userEvent.click(within(await bar()).getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate 2 shifts' });
    await userEvent.type(within(dialog).getByLabelText('Date (YYYY-MM-DD)'), '2026-03-09{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await findToast('2 shifts copied: 2 new')).toBeInTheDocument();
    expect(api.calls('POST /api/work-logs/bulk')[0]?.body).toEqual({
      action: 'duplicate',
      ids: [10, 11],
      dates: ['2026-03-09'],
    });
  });
});
