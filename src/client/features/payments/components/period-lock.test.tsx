import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { makeLedger, makePayment, makePeriod } from './pay.test-helpers';
import { PayPage } from './pay-page';

function show(ledger = makeLedger(), routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/payments/ledger': ledger,
    'GET /api/payments': { payments: [makePayment()] },
    ...routes,
  });
  renderWithProviders(<PayPage />, { path: '/pay' });
  return api;
}

describe('closing and reopening a pay period', () => {
  it('closes an ended period, and offers nothing to close for one still running', async () => {
    desktop();
    const ledger = makeLedger();
    ledger.employers[0]!.periods.unshift(
      makePeriod({ from: '2026-11-25', to: '2026-12-08', payday: '2026-12-11', status: 'open' }),
    );
    const api = show(ledger, { 'POST /api/payments/periods/close': json({ success: true }) });
    const table = await screen.findByRole('group', { name: 'St. Mary: pay periods' });
    expect(
      within(table).queryByRole('button', { name: 'Close St. Mary, Nov 25 – Dec 8, 2026' }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Close St. Mary, Oct 14 – Oct 27, 2026' }),
    );
    expect(await findToast('Period closed')).toHaveTextContent(
      'St. Mary, Oct 14 – Oct 27, 2026: its shifts are locked until you reopen it.',
    );
    expect(api.calls('POST /api/payments/periods/close')[0]?.body).toEqual({
      employerId: 1,
      periodStart: '2026-10-14',
    });
  });

  it('reopens a closed period only with a reason, and shows its history', async () => {
    desktop();
    const ledger = makeLedger();
    ledger.employers[0]!.periods[2] = makePeriod({
      closedAt: '2026-11-02T10:00:00.000Z',
      closures: [
        {
          closedAt: '2026-10-31T10:00:00.000Z',
          reopenedAt: '2026-11-01T09:00:00.000Z',
          reopenReason: 'Payroll found a missed shift',
        },
        { closedAt: '2026-11-02T10:00:00.000Z', reopenedAt: null, reopenReason: null },
      ],
    });
    const api = show(ledger, {
      'POST /api/payments/periods/reopen': json({ success: true }),
    });
    const table = await screen.findByRole('group', { name: 'St. Mary: pay periods' });
    const history = within(table).getByRole('list', { name: 'Closed and reopened' });
    expect(history).toHaveTextContent('Reopened Nov 1: Payroll found a missed shift');
    expect(history).toHaveTextContent('Closed Nov 2: its shifts are locked.');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Reopen St. Mary, Oct 14 – Oct 27, 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reopen this period?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(
      await within(dialog).findByText('Say why the period is reopened (at most 500 characters)'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/payments/periods/reopen')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Why reopen it/), 'Rate was wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await findToast('Period reopened')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls('POST /api/payments/periods/reopen').at(-1)?.body).toEqual({
      employerId: 1,
      periodStart: '2026-10-14',
      reason: 'Rate was wrong',
    });
  });
});

describe('e-mail reminders on the Pay page', () => {
  it('are off by default and saved as they are switched', async () => {
    const api = show(makeLedger(), {
      'PATCH /api/settings/export': json(makeSettings({ remindPaydayMissed: true })),
    });
    const missed = await screen.findByRole('switch', {
      name: 'Remind me when a payday passes unpaid',
    });
    expect(missed).not.toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'Remind me when a timesheet is due tomorrow' }),
    ).not.toBeChecked();
    await userEvent.click(missed);
    await waitFor(() => expect(missed).toBeChecked());
    expect(api.calls('PATCH /api/settings/export')[0]?.body).toEqual({ remindPaydayMissed: true });
  });
});
