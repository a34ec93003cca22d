import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeWorkLog } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { WorkLogCards } from './work-log-cards';
import { WorkLogsTable } from './work-logs-table';

type Line = WorkLog['payLines'][number];

const premium = (ruleId: string, name: string, amountCents: number): Line => ({
  kind: 'premium',
  ruleId,
  name,
  minutes: 120,
  exactMinutes: '120/1',
  rateCentsPerHour: amountCents / 2,
  exactRateCentsPerHour: `${amountCents / 2}/1`,
  amountCents,
});

const overtime = (multiplierBp: number, minutes: number, basis: 'daily' | 'weekly'): Line => ({
  kind: 'overtime',
  basis,
  multiplierBp,
  minutes,
  exactMinutes: `${minutes}/1`,
  periodStart: '2026-03-01',
  amountCents: 1000,
});

const actions = {
  onEdit: () => {},
  onDelete: () => {},
  onDuplicate: () => {},
  selection: {
    isSelected: () => false,
    toggle: () => {},
    toggleAll: () => {},
    count: 0,
    total: 0,
  },
};

function renderBoth(logs: WorkLog[], currency = 'USD') {
  mockApi({ 'GET /api/settings': makeSettings({ currency }) });
  renderWithProviders(
    <>
      <WorkLogsTable workLogs={logs} timeFormat="12-hour" {...actions} />
      <WorkLogCards workLogs={logs} timeFormat="12-hour" {...actions} />
    </>,
  );
}

/** The badges of a log in the table (its row) and in the phone cards (its item). */
function badgesOf(index: number) {
  const row = within(screen.getByRole('table')).getAllByRole('row')[index + 1]!;
  const card = within(screen.getByRole('list', { name: 'Work logs' })).getAllByRole('listitem')[
    index
  ]!;
  return [row, card].map((where) =>
    within(where).queryByRole('list', { name: 'Premiums, overtime, tips and expenses' }),
  );
}

describe("a work log's premium and overtime badges", () => {
  it('shows a badge per premium and per overtime multiplier, said in full to a screen reader', async () => {
    renderBoth([
      makeWorkLog({
        id: 1,
        premiumEarnings: '4.00',
        payLines: [
          premium('nights', 'Nights', 400),
          overtime(15000, 60, 'daily'),
          overtime(15000, 60, 'weekly'),
          overtime(20000, 30, 'daily'),
        ],
      }),
    ]);
    await screen.findAllByText('Nights +$4.00');
    for (const badges of badgesOf(0)) {
      expect(badges).not.toBeNull();
      const items = within(badges!).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'Nights +$4.00Premium Nights: $4.00',
        'OT 1.5× 2:00 h est.Overtime at 1.5×: 2:00 hours (estimate)',
        'OT 2× 0:30 h est.Overtime at 2×: 0:30 hours (estimate)',
      ]);
      // The short form is hidden from screen readers, which hear the words instead.
      expect(within(items[1]!).getByText('OT 1.5× 2:00 h est.')).toHaveAttribute(
        'aria-hidden',
        'true',
      );
    }
  });

  it('puts more than two premiums in one badge with their sum from the server', async () => {
    renderBoth(
      [
        makeWorkLog({
          id: 1,
          premiumEarnings: '9.00',
          payLines: [
            premium('nights', 'Nights', 400),
            premium('weekend', 'Weekend', 300),
            premium('holiday', 'Holiday', 200),
          ],
        }),
      ],
      'EUR',
    );
    await screen.findAllByText('+3 premiums €9.00');
    for (const badges of badgesOf(0)) {
      expect(within(badges!).getAllByRole('listitem')).toHaveLength(1);
      expect(badges).toHaveTextContent('3 premiums: Nights €4.00, Weekend €3.00, Holiday €2.00');
    }
  });

  it('shows no badges on a shift with neither', async () => {
    renderBoth([makeWorkLog({ id: 1 }), makeWorkLog({ id: 2, payLines: [premium('n', 'N', 50)] })]);
    await screen.findAllByText('N +$0.50');
    expect(badgesOf(0)).toEqual([null, null]);
    expect(badgesOf(1).every((badges) => badges !== null)).toBe(true);
  });
});
