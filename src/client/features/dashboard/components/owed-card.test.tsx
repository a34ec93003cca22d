import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSettings } from '@/test/fixtures';
import { apiError, hang, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { Ledger } from '../../../../shared/schemas/payments.ts';
import { OwedCard } from './owed-card';

const late = (n: number, owedCents: number): Ledger['overdue'][number] => ({
  employerId: 1,
  name: 'St. Mary',
  from: `2026-0${n}-01`,
  to: `2026-0${n}-14`,
  payday: `2026-0${n}-17`,
  owedCents,
});

const ledger = (overrides: Partial<Ledger>): Ledger => ({
  today: '2026-11-26',
  graceDays: 3,
  employers: [
    { employerId: 1, name: 'St. Mary', brandColor: 'green', schedule: 'biweekly', periods: [] },
  ],
  owedCents: 0,
  overdueCents: 0,
  overdue: [],
  ...overrides,
});

function show(reply: unknown) {
  const api = mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/payments/ledger': reply as never,
  });
  renderWithProviders(<OwedCard />);
  return api;
}

describe('the Owed to you card', () => {
  it('tells what is owed and late, and the three oldest late periods', async () => {
    show(
      ledger({
        owedCents: 100_000,
        overdueCents: 40_000,
        overdue: [late(1, 10_000), late(2, 10_000), late(3, 3_750), late(4, 16_250)],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Overdue pay periods, oldest first' });
    expect(screen.getByText('Owed').nextSibling).toHaveTextContent('$1,000.00');
    expect(screen.getByText('Overdue').nextSibling).toHaveTextContent('$400.00');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'St. MaryJan 1 – Jan 14 · payday Jan 17$100.00',
      'St. MaryFeb 1 – Feb 14 · payday Feb 17$100.00',
      'St. MaryMar 1 – Mar 14 · payday Mar 17$37.50',
    ]);
    expect(screen.getByText('and 1 more late period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See pay' })).toHaveAttribute('href', '/pay');
  });

  it('is not shown when nothing is owed', async () => {
    const api = show(ledger({}));
    await waitFor(() => expect(api.calls('GET /api/payments/ledger')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Owed to you')).toBeNull();
  });

  it('waits with a skeleton', async () => {
    show(hang);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading what is owed');
  });

  it('offers Retry when the ledger cannot be fetched', async () => {
    show(() => apiError(500, 'internal_error', 'Something went wrong'));
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to fetch what is owed');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
