import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDashboardStats, makeEmployer, makeSettings } from '@/test/fixtures';
import { apiError, hang, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { OvertimeThisWeek } from '../../../../shared/schemas/dashboard.ts';
import { OvertimeCard } from './overtime-card';

const week = (overrides: Partial<OvertimeThisWeek>): OvertimeThisWeek => ({
  employerId: 1,
  name: 'Night Care',
  brandColor: 'blue',
  kind: 'workweek',
  startDate: '2026-03-01',
  endDate: '2026-03-07',
  paidMinutes: 2280,
  overtimeMinutes: 0,
  byMultiplier: [],
  overtimePremiumCents: 0,
  thresholdMinutes: 2400,
  minutesLeftBeforeThreshold: 120,
  ...overrides,
});

const federal = makeEmployer({
  id: 1,
  name: 'Night Care',
  overtime: {
    preset: 'usFederal',
    workweekStartDay: 0,
    workweekStartTime: '00:00',
    weekly: { overMinutes: 2400, multiplierBp: 15000 },
  },
});

function show(stats: unknown, employers = [federal]) {
  const api = mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/employers': employers,
    'GET /api/dashboard/stats': stats as never,
  });
  renderWithProviders(<OvertimeCard period="week" />);
  return api;
}

const card = () => screen.findByRole('list', { name: 'Overtime this week by employer' });

describe('the Overtime this week card', () => {
  it('tells each employer its hours, overtime and the hours left before the threshold', async () => {
    show(
      makeDashboardStats({
        overtimeThisWeek: [
          week({}),
          week({
            employerId: 2,
            name: 'Harbour Hospital',
            brandColor: 'green',
            paidMinutes: 2880,
            overtimeMinutes: 480,
            byMultiplier: [{ multiplierBp: 15000, minutes: 480 }],
            overtimePremiumCents: 5760,
            minutesLeftBeforeThreshold: 0,
          }),
        ],
      }),
    );
    const list = await card();
    expect(screen.getByText('Overtime this week')).toBeInTheDocument();
    const [care, harbour] = within(list).getAllByRole('listitem');
    expect(care).toHaveTextContent('Night Care');
    expect(care).toHaveTextContent('38:00 h this week (Mar 1 – Mar 7)');
    expect(care).toHaveTextContent('No overtime yet');
    expect(care).toHaveTextContent('2:00 h left before 40 h');
    expect(harbour).toHaveTextContent('48:00 h this week');
    expect(harbour).toHaveTextContent('8:00 h overtime');
    expect(harbour).toHaveTextContent('1.5× 8:00 h · premium $57.60 (estimate)');
    expect(care).not.toHaveTextContent('estimate');
    expect(harbour).toHaveTextContent('Past 40 h: 0:00 h left');
  });

  it('speaks of the 14-day period under 8 and 80, and leaves out a threshold there is none of', async () => {
    show(
      makeDashboardStats({
        overtimeThisWeek: [
          week({ kind: 'period14', endDate: '2026-03-14', thresholdMinutes: 4800 }),
          week({
            employerId: 2,
            name: 'Daily Only',
            thresholdMinutes: null,
            minutesLeftBeforeThreshold: null,
          }),
        ],
      }),
    );
    const [period, daily] = within(await card()).getAllByRole('listitem');
    expect(period).toHaveTextContent('38:00 h this period (Mar 1 – Mar 14)');
    expect(period).toHaveTextContent('2:00 h left before 80 h');
    expect(daily).not.toHaveTextContent('left');
  });

  it("shows an overtime group as one row, its employers' hours together", async () => {
    // Neither employer has overtime rules of its own: the group's count, over both.
    show(
      makeDashboardStats({
        overtimeThisWeek: [
          week({
            name: 'Mercy Health',
            group: { name: 'Mercy Health', employers: ['North', 'South'] },
            paidMinutes: 2880,
            overtimeMinutes: 480,
            byMultiplier: [{ multiplierBp: 15000, minutes: 480 }],
            overtimePremiumCents: 9000,
            minutesLeftBeforeThreshold: 0,
          }),
          week({
            employerId: 5,
            name: 'Grace Health',
            group: { name: 'Grace Health', employers: ['East', 'North', 'West'] },
          }),
          week({ employerId: 7, name: 'Night Care', group: null }),
        ],
      }),
      [makeEmployer({ id: 1, name: 'North' }), makeEmployer({ id: 2, name: 'South' })],
    );
    const [mercy, grace, alone] = within(await card()).getAllByRole('listitem');
    expect(mercy).toHaveTextContent('Mercy Health');
    expect(mercy).toHaveTextContent('North and South together');
    expect(mercy).toHaveTextContent('48:00 h this week');
    expect(mercy).toHaveTextContent('1.5× 8:00 h · premium $90.00 (estimate)');
    expect(grace).toHaveTextContent('East, North and West together');
    // An employer alone says nothing of the kind.
    expect(alone).toHaveTextContent('Night Care');
    expect(alone).not.toHaveTextContent('together');
  });

  it('is not shown when no employer has overtime rules', async () => {
    const api = show(makeDashboardStats({ overtimeThisWeek: [] }), [makeEmployer()]);
    await waitFor(() => expect(api.calls('GET /api/dashboard/stats')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Overtime this week')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits with a skeleton when an employer counts overtime', async () => {
    show(hang);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading overtime');
  });

  it('offers Retry when the figures cannot be fetched', async () => {
    show(() => apiError(500, 'internal_error', 'Something went wrong'));
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to fetch overtime');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
