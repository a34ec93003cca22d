import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings } from '@/test/fixtures';
import { apiError, hang, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { makeLedger, makePayment, SHORTFALL } from './pay.test-helpers';
import { PayPage } from './pay-page';

function show(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/payments/ledger': makeLedger(),
    'GET /api/payments': { payments: [makePayment()] },
    ...routes,
  });
  renderWithProviders(<PayPage />, { path: '/pay' });
  return api;
}

const periodsOf = (name: string) => screen.findByRole('group', { name: `${name}: pay periods` });

describe('the Pay page', () => {
  it('sums up what is owed and late, the late periods oldest first', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay' })).toBeInTheDocument();
    expect(
      screen.getByText('What each employer owes you, what was paid and what is late'),
    ).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Owed to you').nextSibling).toHaveTextContent('$37.50');
    expect(within(summary).getByText('Overdue').nextSibling).toHaveTextContent('$37.50');
    expect(within(summary).getByRole('list', { name: 'Overdue periods' })).toHaveTextContent(
      'St. Mary · Oct 28 – Nov 10, 2026 · payday Nov 13 · $37.50',
    );
  });

  it('shows the periods as a table on a desktop, with status badges and the shortfall', async () => {
    desktop();
    show();
    const table = await periodsOf('St. Mary');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('PeriodPaydayHoursExpectedReceivedStatus'),
      expect.stringContaining('Nov 11 – Nov 24, 2026Nov 270.0$0.00'),
      expect.stringContaining(
        'Oct 28 – Nov 10, 2026Nov 1324.0$720.00Gross $720.00 · tax $0.00$682.50Underpaid by $37.50',
      ),
      SHORTFALL,
      expect.stringContaining('Oct 14 – Oct 27, 2026Oct 3024.0$720.00'),
    ]);
    const under = within(rows[2] as HTMLElement).getByText('Underpaid by $37.50');
    expect(under).toHaveClass('bg-destructive');
    expect(within(rows[4] as HTMLElement).getByText('Paid in full')).toHaveClass('bg-success/15');
    expect(within(rows[1] as HTMLElement).getByText('Not yet paid')).toHaveClass('bg-secondary');
  });

  it('shows the periods as cards on a phone', async () => {
    show();
    const cards = await screen.findByRole('list', { name: 'St. Mary: pay periods' });
    expect(screen.queryByRole('table')).toBeNull();
    // The cards are the list's own items (a shortfall is a list inside one).
    const [, short, paid] = Array.from(cards.children);
    expect(short).toHaveTextContent('Oct 28 – Nov 10, 2026');
    expect(short).toHaveTextContent('Underpaid by $37.50');
    expect(short).toHaveTextContent(SHORTFALL);
    expect(paid).toHaveTextContent('Paid in full');
    expect(paid).not.toHaveTextContent('expected has not been received');
  });

  it('lists the payments with the periods they pay, and what is not matched', async () => {
    show({
      'GET /api/payments': {
        payments: [
          makePayment({
            id: 3,
            amountCents: 10_000,
            receivedOn: '2026-11-20',
            method: 'cash',
            reference: null,
            allocations: [],
            unallocatedCents: 10_000,
          }),
          makePayment(),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Payments received' });
    const [cash, bank] = within(list).getAllByRole('listitem');
    expect(cash).toHaveTextContent('$100.00St. MaryNov 20, 2026Cash');
    expect(cash).toHaveTextContent('Not matched: $100.00');
    expect(
      within(cash as HTMLElement).getByRole('button', {
        name: 'Match $100.00 from St. Mary on Nov 20, 2026 to its periods',
      }),
    ).toBeInTheDocument();
    expect(bank).toHaveTextContent('Bank transfer · ACH 1113');
    expect(bank).toHaveTextContent('Pays Oct 28 – Nov 10');
    expect(bank).not.toHaveTextContent('Not matched');
  });

  it('links each attached pay stub for download, named for its payment', async () => {
    show({
      'GET /api/payments': {
        payments: [
          makePayment({
            id: 5,
            amountCents: 72_000,
            receivedOn: '2026-11-20',
            file: {
              name: 'Nov stub.pdf',
              size: 12_800,
              contentType: 'application/pdf',
              createdAt: '2026-11-20T15:00:00.000Z',
            },
          }),
          makePayment(),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Payments received' });
    const [withStub, without] = within(list).getAllByRole('listitem');
    const link = within(withStub as HTMLElement).getByRole('link', {
      name: 'Pay stub for payment of $720.00 from St. Mary on Nov 20, 2026: Nov stub.pdf',
    });
    expect(link).toHaveAttribute('href', '/api/payments/5/file');
    expect(link).toHaveAttribute('download', 'Nov stub.pdf');
    expect(withStub).toHaveTextContent('Nov stub.pdf13 KB');
    expect(within(without as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('deletes a payment once confirmed, then reads the ledger again', async () => {
    const api = show({ 'DELETE /api/payments/2': { success: true } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete $682.50 from St. Mary on Nov 13, 2026' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this payment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await findToast('Payment deleted');
    expect(api.calls('DELETE /api/payments/2')).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET /api/payments/ledger')).toHaveLength(2));
  });

  it('saves the days a payday may pass, and refuses a number out of range', async () => {
    const api = show({
      'PATCH /api/settings/export': ({ body }) => makeSettings(body as object),
    });
    const days = await screen.findByRole('textbox', { name: 'Late after' });
    expect(days).toHaveValue('3');
    await userEvent.clear(days);
    await userEvent.type(days, '61');
    await userEvent.tab();
    expect(await screen.findByText('Days late must be a whole number from 0 to 60')).toBeVisible();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PATCH /api/settings/export')).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, '7{Enter}');
    await waitFor(() => expect(api.calls('PATCH /api/settings/export')).toHaveLength(1));
    expect(api.calls('PATCH /api/settings/export')[0]?.body).toEqual({ paymentGraceDays: 7 });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(days).not.toHaveAttribute('aria-invalid');
  });

  it('says where to start without employers, and what payments are without any', async () => {
    show({
      'GET /api/payments/ledger': makeLedger({
        employers: [],
        owedCents: 0,
        overdueCents: 0,
        overdue: [],
      }),
      'GET /api/payments': { payments: [] },
    });
    expect(await screen.findByText('No employers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Employers' })).toHaveAttribute('href', '/employers');
    expect(await screen.findByText('No payments recorded yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeDisabled();
  });

  it('shows skeletons while loading', async () => {
    show({ 'GET /api/payments/ledger': hang, 'GET /api/payments': hang });
    expect(await screen.findByText('Loading your pay periods')).toBeInTheDocument();
    expect(screen.getByText('Loading your payments')).toBeInTheDocument();
  });

  it('offers Retry when the ledger cannot be read, and shows it once it can', async () => {
    const api = show({
      'GET /api/payments/ledger': () => apiError(500, 'internal_error', 'Something went wrong'),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to fetch your pay periods');
    api.use({ 'GET /api/payments/ledger': makeLedger() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });
});
