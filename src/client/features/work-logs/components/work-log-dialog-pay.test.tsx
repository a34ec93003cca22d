import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeWorkLog } from '@/test/fixtures';
import { apiError, hang, json, type MockApi, type Reply } from '@/test/mock-api';
import type { PayPreview } from '../../../../shared/schemas/work-logs.ts';
import {
  acme,
  chooseEmployer,
  mockDialogApi,
  openDialog,
  postedBodies,
  preview,
  setTime,
} from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');
await import('@/components/ui/calendar');

/** $14.00 an hour, US federal overtime, a Nights premium and an On call one switched on by hand. */
const care = makeEmployer({
  id: 3,
  name: 'Night Care',
  hourlyRate: '14.00',
  overtime: {
    preset: 'usFederal',
    workweekStartDay: 0,
    workweekStartTime: '00:00',
    weekly: { overMinutes: 2400, multiplierBp: 15000 },
  },
  premiums: [
    {
      id: 'nights',
      name: 'Nights',
      kind: 'fixed',
      centsPerHour: 200,
      window: { start: '22:00', end: '06:00' },
    },
    { id: 'oncall', name: 'On call', kind: 'fixed', centsPerHour: 150, manualOnly: true },
  ],
});

const ROUTE = 'POST /api/work-logs/pay-preview';

/** The sixth 8-hour day of a week: all of it past 40 h, 2 h of it at night. */
const sixthShift: PayPreview = {
  workedMinutes: 480,
  paidMinutes: 480,
  regularCents: 11200,
  premiumCents: 400,
  overtimeCents: 5760,
  totalCents: 17360,
  lines: [
    {
      kind: 'premium',
      ruleId: 'nights',
      name: 'Nights',
      minutes: 120,
      exactMinutes: '120/1',
      rateCentsPerHour: 200,
      exactRateCentsPerHour: '200/1',
      amountCents: 400,
    },
    {
      kind: 'overtime',
      basis: 'weekly',
      multiplierBp: 15000,
      minutes: 480,
      exactMinutes: '480/1',
      periodStart: '2026-03-01',
      amountCents: 5760,
    },
  ],
  period: {
    kind: 'workweek',
    startDate: '2026-03-01',
    endDate: '2026-03-07',
    paidMinutes: 2880,
    straightTimeCents: 69120,
    exactRegularRateCentsPerHour: '1440/1',
    regularRateCentsPerHour: 1440,
    overtimeMinutes: [{ multiplierBp: 15000, minutes: 480 }],
    overtimePremiumCents: 5760,
    thresholdMinutes: 2400,
    minutesLeftBeforeThreshold: 0,
  },
};

const beforeOvertime: PayPreview = {
  ...sixthShift,
  premiumCents: 0,
  overtimeCents: 0,
  totalCents: 11200,
  lines: [],
  period: {
    ...sixthShift.period!,
    paidMinutes: 2280,
    straightTimeCents: 31920,
    overtimeMinutes: [],
    overtimePremiumCents: 0,
    minutesLeftBeforeThreshold: 120,
  },
};

function mockPayApi(answer: Reply, more: Parameters<typeof mockDialogApi>[0] = {}) {
  return mockDialogApi({
    employers: [acme, care],
    ...more,
    routes: {
      [ROUTE]: answer,
      'POST /api/work-logs': () => json(makeWorkLog({ employerId: 3 }), 201),
      ...more.routes,
    },
  });
}

const asked = (api: MockApi) => api.calls(ROUTE).map((call) => call.body);

describe('the work-log dialog for an employer with premiums or overtime', () => {
  it("asks the server for the shift's pay with its week, and shows each line, the total and the week", async () => {
    const api = mockPayApi(sixthShift);
    openDialog();
    await chooseEmployer('Night Care');
    await setTime('Start time', '08', '00', 'PM');
    await setTime('End time', '04', '00', 'AM');

    await waitFor(() => expect(preview()).toHaveTextContent('8.0 h · $173.60'));
    const pay = preview();
    expect(within(pay).getByLabelText('Pay for this shift')).toBeInTheDocument();
    expect(pay).toHaveTextContent('Regular pay$112.00');
    expect(pay).toHaveTextContent('Nights 2:00 h+$4.00');
    expect(pay).toHaveTextContent('Overtime 1.5× (weekly) 8:00 h (estimate)+$57.60');
    expect(pay).toHaveTextContent('Total$173.60');
    expect(pay).toHaveTextContent('Week overtime 1.5× 8:00 h, regular rate $14.40/h');
    expect(pay).toHaveTextContent('regular rate = $691.20 ÷ 48:00 h');
    // Asked with the shift as typed.
    expect(asked(api).at(-1)).toEqual({
      employerId: 3,
      date: expect.any(String),
      startTime: '20:00',
      endTime: '04:00',
      breakDuration: 0,
      manualPremiumIds: [],
    });
  });

  it('tells the hours so far this week and those left before overtime', async () => {
    mockPayApi(beforeOvertime);
    openDialog();
    await chooseEmployer('Night Care');
    await waitFor(() =>
      expect(preview()).toHaveTextContent('This week: 38:00 h, 2:00 h before overtime'),
    );
    expect(preview()).toHaveTextContent('8.0 h · $112.00');
    expect(preview()).not.toHaveTextContent('estimate');
  });

  it("asks the server for a group member's pay, and says the week counts all the group's employers", async () => {
    // Acme has no overtime rules of its own: its group's count, with its other employers' hours.
    const api = mockPayApi(
      { ...sixthShift, period: { ...sixthShift.period!, groupName: 'Grace Health' } },
      {
        routes: {
          'GET /api/employer-groups': {
            groups: [
              {
                id: 9,
                name: 'Grace Health',
                overtime: care.overtime,
                employerIds: [acme.id, care.id],
                createdAt: '2026-03-01T00:00:00.000Z',
                updatedAt: '2026-03-01T00:00:00.000Z',
              },
            ],
          },
        },
      },
    );
    openDialog();
    await chooseEmployer('Acme Studio');
    await waitFor(() =>
      expect(preview()).toHaveTextContent(
        'Grace Health, all employers: Week overtime 1.5× 8:00 h, regular rate $14.40/h',
      ),
    );
    expect(asked(api).at(-1)).toMatchObject({ employerId: acme.id });
  });

  it('says it is working the pay out while the server is slow, and saves all the same', async () => {
    const api = mockPayApi(hang);
    openDialog();
    await chooseEmployer('Night Care');
    await waitFor(() => expect(preview()).toHaveTextContent('Working out premiums and overtime…'));
    // No client-side guess at the money: only the hours.
    expect(preview()).toHaveTextContent('8.0 h');
    expect(preview()).not.toHaveTextContent('$');
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
  });

  it('says when the pay cannot be worked out, and the shift can still be saved', async () => {
    const api = mockPayApi(apiError(500, 'internal_error', 'Something went wrong'));
    openDialog();
    await chooseEmployer('Night Care');
    await waitFor(() => expect(preview()).toHaveTextContent('could not be worked out just now'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(postedBodies(api)[0]).toMatchObject({ employerId: 3, manualPremiumIds: [] });
  });

  it('keeps the preview on the client, asking nothing, for an employer without either', async () => {
    const api = mockPayApi(sixthShift);
    openDialog();
    await chooseEmployer('Acme Studio');
    expect(preview()).toHaveTextContent('8.0 h · $200.00');
    expect(screen.queryByRole('group', { name: 'Premiums on this shift' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked(api)).toEqual([]);
  });
});

describe('premiums switched on by hand', () => {
  it("offers the employer's by-hand premiums as checkboxes, priced and saved with the shift", async () => {
    const api = mockPayApi(sixthShift);
    openDialog();
    await chooseEmployer('Night Care');
    const group = await screen.findByRole('group', { name: 'Premiums on this shift' });
    const onCall = within(group).getByRole('checkbox', { name: 'On call' });
    // Only by-hand premiums: Nights comes by the clock.
    expect(within(group).getAllByRole('checkbox')).toHaveLength(1);
    expect(onCall).not.toBeChecked();
    await userEvent.click(onCall);
    expect(onCall).toBeChecked();
    await waitFor(() => expect(asked(api).at(-1)).toMatchObject({ manualPremiumIds: ['oncall'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(postedBodies(api)[0]).toMatchObject({ employerId: 3, manualPremiumIds: ['oncall'] });
  });

  it('drops them when another employer is chosen', async () => {
    const api = mockPayApi(sixthShift);
    openDialog();
    await chooseEmployer('Night Care');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'On call' }));
    await chooseEmployer('Acme Studio');
    expect(screen.queryByRole('checkbox', { name: 'On call' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(postedBodies(api)[0]).toMatchObject({ employerId: 1, manualPremiumIds: [] });
  });

  it('shows an edited shift with its own ticked, and previews it as itself at its own rate', async () => {
    const log = makeWorkLog({
      id: 42,
      employerId: 3,
      hourlyRateAtTime: '15.00',
      manualPremiumIds: ['oncall'],
      employer: { ...makeWorkLog().employer, id: 3, name: 'Night Care' },
    });
    const api = mockPayApi(sixthShift, {
      routes: { 'PATCH /api/work-logs/42': () => json(log) },
    });
    openDialog({ workLog: log });
    expect(await screen.findByRole('checkbox', { name: 'On call' })).toBeChecked();
    await waitFor(() => expect(asked(api).length).toBeGreaterThan(0));
    expect(asked(api).at(-1)).toMatchObject({
      id: 42,
      employerId: 3,
      hourlyRateAtTime: '15.00',
      manualPremiumIds: ['oncall'],
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'On call' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    await waitFor(() => expect(api.calls('PATCH /api/work-logs/42')).toHaveLength(1));
    expect(api.calls('PATCH /api/work-logs/42')[0]?.body).toMatchObject({ manualPremiumIds: [] });
  });
});
