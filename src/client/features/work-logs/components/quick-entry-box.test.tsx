import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeSettings, makeWorkLog } from '@/test/fixtures';
import { apiError, json, type MockApi, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { addDays, formatClockRange, todayIn } from '../../../../shared/domain/index.ts';
import { formatQuickEntry, type QuickEntryDraft } from '../../../../shared/domain/quick-entry.ts';
import type { PayPreview } from '../../../../shared/schemas/work-logs.ts';
import { QuickEntryBox } from './quick-entry-box';

vi.setConfig({ testTimeout: 30_000 });

await import('./quick-entry-panel');

const hospital = makeEmployer({
  id: 1,
  name: 'City Hospital',
  hourlyRate: '40.00',
  departments: ['ER', 'ICU'],
  premiums: [
    { id: 'charge', name: 'Charge nurse', kind: 'fixed', centsPerHour: 300, manualOnly: true },
    {
      id: 'nights',
      name: 'Nights',
      kind: 'fixed',
      centsPerHour: 200,
      window: { start: '22:00', end: '06:00' },
    },
  ],
});
const diner = makeEmployer({ id: 2, name: 'Evening Diner', hourlyRate: '15.00' });

const pay = (totalCents: number): PayPreview => ({
  workedMinutes: 480,
  paidMinutes: 480,
  regularCents: totalCents,
  premiumCents: 0,
  overtimeCents: 0,
  totalCents,
  lines: [],
  period: null,
});

function mockQuickApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/employers': [hospital, diner],
    'POST /api/work-logs/pay-preview': pay(32_000),
    'POST /api/work-logs': () => json(makeWorkLog(), 201),
    ...routes,
  });
}

const today = () => todayIn('America/New_York');
const box = () => screen.getByRole('textbox', { name: 'Quick add' });
const posted = (api: MockApi) => api.calls('POST /api/work-logs').map((call) => call.body);

async function typeAndPreview(text: string) {
  await userEvent.clear(box());
  await userEvent.type(box(), `${text}{Enter}`);
}

describe('Quick add', () => {
  it('shows the shift it read, with the pay from the server, and saves exactly that on Enter again', async () => {
    const api = mockQuickApi();
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('ER tomorrow 22-6:30 b30 charge');

    const preview = await screen.findByTestId('quick-entry-preview');
    const shown = within(preview);
    expect(shown.getByText('City Hospital')).toBeInTheDocument();
    expect(shown.getByText('ER')).toBeInTheDocument();
    expect(shown.getByText(/\(tomorrow\)$/)).toBeInTheDocument();
    expect(shown.getByText('10:00 PM – 6:30 AM (ends next day)')).toBeInTheDocument();
    expect(shown.getByText('30 min')).toBeInTheDocument();
    expect(shown.getByText('Charge nurse')).toBeInTheDocument();
    expect(shown.getByText('8 h')).toBeInTheDocument();
    expect(await shown.findByText('$320.00')).toBeInTheDocument();
    expect(api.calls('POST /api/work-logs/pay-preview')[0]?.body).toEqual({
      employerId: 1,
      date: addDays(today(), 1),
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
      manualPremiumIds: ['charge'],
    });
    expect(posted(api)).toEqual([]);

    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toEqual({
      employerId: 1,
      department: 'ER',
      date: addDays(today(), 1),
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
      manualPremiumIds: ['charge'],
    });
    expect(await screen.findByText('Shift added')).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(screen.queryByTestId('quick-entry-preview')).not.toBeInTheDocument();
  });

  it('names each unknown or ambiguous word, marks the box, and saves nothing', async () => {
    const api = mockQuickApi();
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('E tomorrow 9am-5pm xyz');
    const problems = await screen.findByTestId('quick-entry-problems');
    expect(
      within(problems).getByText('“E” could be ER (City Hospital) or Evening Diner'),
    ).toBeInTheDocument();
    expect(within(problems).getByText('Don’t know “xyz”')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    // The problems describe the box, so a screen reader reads them with it.
    const described = box().getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described).toContain(problems.parentElement?.id);
    expect(screen.queryByRole('button', { name: 'Save shift' })).not.toBeInTheDocument();
    await userEvent.type(box(), '{Enter}');
    expect(posted(api)).toEqual([]);
  });

  it('reads the line again after a change instead of saving the old preview', async () => {
    const api = mockQuickApi();
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('diner today 9am-5pm');
    await screen.findByTestId('quick-entry-preview');
    await userEvent.type(box(), ' b30');
    expect(screen.getByText('Changed since: press Enter to read it again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save shift' })).toBeDisabled();
    await userEvent.type(box(), '{Enter}');
    expect(
      await within(screen.getByTestId('quick-entry-preview')).findByText('30 min'),
    ).toBeInTheDocument();
    expect(posted(api)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save shift' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toMatchObject({ employerId: 2, breakDuration: 30, startTime: '09:00' });
  });

  it('asks about an overlap as the dialog does, and saves with the user’s yes', async () => {
    let tries = 0;
    const api = mockQuickApi({
      'POST /api/work-logs': () =>
        tries++ === 0
          ? apiError(409, 'work_log_overlap', 'Your City Hospital shift on Mar 3 overlaps it.')
          : json(makeWorkLog(), 201),
    });
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('city today 07:00-15:00');
    await screen.findByTestId('quick-entry-preview');
    await userEvent.type(box(), '{Enter}');
    expect(
      await screen.findByText('Your City Hospital shift on Mar 3 overlaps it.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(posted(api)).toHaveLength(2));
    expect(posted(api)[1]).toMatchObject({ allowOverlap: true, startTime: '07:00' });
    expect(await screen.findByText('Shift added')).toBeInTheDocument();
  });

  it('reopens a closed pay period with a reason, as the dialog does, then saves the same shift', async () => {
    let tries = 0;
    const api = mockQuickApi({
      'POST /api/work-logs': () =>
        tries++ === 0
          ? apiError(409, 'period_closed', 'The pay period at City Hospital is closed.', {
              closedEmployerId: '1',
              closedPeriodStart: '2026-03-01',
            })
          : json(makeWorkLog(), 201),
      'POST /api/payments/periods/reopen': json({ success: true }),
    });
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('city yesterday 07:00-15:00 b15');
    await screen.findByTestId('quick-entry-preview');
    await userEvent.type(box(), '{Enter}');
    expect(await screen.findByTestId('reopen-period')).toHaveTextContent(
      'The pay period at City Hospital is closed.',
    );
    await userEvent.type(screen.getByLabelText('Why reopen it?'), 'A shift was missing');
    await userEvent.click(screen.getByRole('button', { name: 'Reopen and save' }));
    await waitFor(() => expect(posted(api)).toHaveLength(2));
    expect(posted(api)[1]).toEqual(posted(api)[0]);
    expect(posted(api)[1]).toMatchObject({ date: addDays(today(), -1), breakDuration: 15 });
    expect(await screen.findByText('Shift added')).toBeInTheDocument();
  });

  it('says so when the employers cannot be loaded, and reads nothing', async () => {
    const api = mockQuickApi({
      'GET /api/employers': () => apiError(500, 'internal_error', 'Something went wrong'),
    });
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('city today 07:00-15:00');
    expect(
      await screen.findByText(/Your employers could not be loaded, so the line cannot be read/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('quick-entry-preview')).toBeNull();
    expect(posted(api)).toEqual([]);
  });

  it('keeps the line and says why when the server refuses it', async () => {
    mockQuickApi({
      'POST /api/work-logs': () => apiError(400, 'validation_failed', 'Please select an employer'),
    });
    renderWithProviders(<QuickEntryBox />);
    await typeAndPreview('city today 07:00-15:00');
    await screen.findByTestId('quick-entry-preview');
    await userEvent.type(box(), '{Enter}');
    expect(
      await screen.findByText('This shift was not saved: Please select an employer'),
    ).toBeInTheDocument();
    expect(box()).toHaveValue('city today 07:00-15:00');
  });

  it('sends, for any shift it shows, exactly the shift shown', async () => {
    const api = mockQuickApi();
    const context = {
      today: today(),
      employers: [
        {
          id: 1,
          name: 'City Hospital',
          departments: ['ER', 'ICU'],
          premiums: [{ id: 'charge', name: 'Charge nurse' }],
        },
        { id: 2, name: 'Evening Diner', departments: [], premiums: [] },
      ],
    };
    const draftArb = fc
      .record({
        employer: fc.constantFrom(1, 2),
        days: fc.integer({ min: -30, max: 30 }),
        start: fc.integer({ min: 0, max: 1439 }),
        // Up to 15 h: a longer one is asked about first (tested above for the dialog).
        length: fc.integer({ min: 31, max: 900 }),
        breakDuration: fc.constantFrom(0, 15, 30),
        department: fc.constantFrom(null, 'ER', 'ICU'),
        charge: fc.boolean(),
      })
      .map(({ employer, days, start, length, breakDuration, department, charge }) => {
        const clock = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return {
          employerId: employer,
          department: employer === 1 ? department : null,
          date: addDays(context.today, days),
          startTime: clock(start),
          endTime: clock((start + length) % 1440),
          breakDuration,
          manualPremiumIds: employer === 1 && charge ? ['charge'] : [],
        } satisfies QuickEntryDraft;
      });
    await fc.assert(
      fc.asyncProperty(draftArb, async (draft) => {
        const before = posted(api).length;
        const view = renderWithProviders(<QuickEntryBox />);
        await userEvent.type(box(), `${formatQuickEntry(draft, context)}{Enter}`);
        const preview = await screen.findByTestId('quick-entry-preview');
        const employer = draft.employerId === 1 ? 'City Hospital' : 'Evening Diner';
        const shows = within(preview);
        expect(shows.getByText(employer)).toBeInTheDocument();
        const nextDay = draft.endTime <= draft.startTime ? ' (ends next day)' : '';
        expect(
          shows.getByText(
            `${formatClockRange(draft.startTime, draft.endTime, '12-hour')}${nextDay}`,
          ),
        ).toBeInTheDocument();
        expect(
          shows.getByText(draft.breakDuration > 0 ? `${draft.breakDuration} min` : 'None'),
        ).toBeInTheDocument();
        if (draft.department) expect(shows.getByText(draft.department)).toBeInTheDocument();
        else expect(shows.queryByText('Department')).toBeNull();
        if (draft.manualPremiumIds.length > 0) {
          expect(shows.getByText('Charge nurse')).toBeInTheDocument();
        } else expect(shows.queryByText('Premiums')).toBeNull();
        await userEvent.type(box(), '{Enter}');
        await waitFor(() => expect(posted(api)).toHaveLength(before + 1));
        expect(posted(api).at(-1)).toEqual(draft);
        view.unmount();
      }),
      { numRuns: 10 },
    );
  }, 90_000);
});
