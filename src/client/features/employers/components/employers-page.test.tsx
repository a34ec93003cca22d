import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeEmployer, noExtras } from '@/test/fixtures';
import { apiError, hang, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { EmployersPage, filterEmployers } from './employers-page';

const cafe = makeEmployer({
  id: 1,
  name: 'Blue Bottle Cafe',
  departments: ['Kitchen', 'Bar'],
  contactEmail: 'boss@cafe.example',
  timesheetSchedule: 'biweekly',
  taxRate: '15.25',
});
const studio = makeEmployer({
  id: 2,
  name: 'Northwind Studio',
  hourlyRate: '80.00',
  timesheetSchedule: 'monthly',
  taxRate: '0.00',
  phone: '555-0100',
  isActive: false,
  brandColor: 'teal',
});

describe('filterEmployers', () => {
  it('matches any part of the name whatever the letter case', () => {
    expect(filterEmployers([cafe, studio], '  NORTH ').map((e) => e.id)).toEqual([2]);
    expect(filterEmployers([cafe, studio], 'O').map((e) => e.id)).toEqual([1, 2]);
    expect(filterEmployers([cafe, studio], '')).toHaveLength(2);
  });

  it("finds 'Café' for 'cafe' and 'CAFÉ': accents do not matter either", () => {
    const accented = makeEmployer({ id: 3, name: 'Café Olé' });
    expect(filterEmployers([studio, accented], 'cafe').map((e) => e.id)).toEqual([3]);
    expect(filterEmployers([studio, accented], 'CAFÉ').map((e) => e.id)).toEqual([3]);
    expect(filterEmployers([studio, accented], 'ole').map((e) => e.id)).toEqual([3]);
  });
});

describe('the employers page', () => {
  it('shows three skeleton cards and a loading status while the list loads', () => {
    mockApi({ 'GET /api/employers': hang });
    renderWithProviders(<EmployersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Employers' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading employers');
    expect(screen.getAllByTestId('employer-skeleton')).toHaveLength(3);
  });

  it('shows each employer as a card with its details', async () => {
    mockApi({ 'GET /api/employers': [cafe, studio] });
    renderWithProviders(<EmployersPage />);
    const cafeCard = await screen.findByRole('article', { name: 'Blue Bottle Cafe' });
    expect(within(cafeCard).getByText('Active')).toBeInTheDocument();
    expect(within(cafeCard).getByText('$24.50/hr')).toBeInTheDocument();
    expect(
      within(cafeCard).getByText('Bi-Weekly · Paid 7 days after the period'),
    ).toBeInTheDocument();
    expect(within(cafeCard).getByText('15.25%')).toBeInTheDocument();
    expect(within(cafeCard).getByText('boss@cafe.example')).toBeInTheDocument();
    expect(within(cafeCard).getByText('N/A')).toBeInTheDocument();
    expect(within(cafeCard).getByRole('list', { name: 'Departments' })).toHaveTextContent(
      'KitchenBar',
    );
    expect(cafeCard).toHaveClass('border-l-blue-600');

    const studioCard = screen.getByRole('article', { name: 'Northwind Studio' });
    expect(within(studioCard).getByText('Inactive')).toBeInTheDocument();
    expect(within(studioCard).getByText('No Departments')).toBeInTheDocument();
    expect(within(studioCard).getByText('$80.00/hr')).toBeInTheDocument();
    expect(within(studioCard).getByText('0.00%')).toBeInTheDocument();
    expect(within(studioCard).getByText('Tax method').nextElementSibling).toHaveTextContent(
      'Added',
    );
    expect(studioCard).toHaveClass('border-l-teal-600');
    expect(
      within(studioCard).getByRole('button', { name: 'Actions for Northwind Studio' }),
    ).toBeInTheDocument();
  });

  it('filters the cards by name, case-insensitively, as the user types', async () => {
    mockApi({ 'GET /api/employers': [cafe, studio] });
    renderWithProviders(<EmployersPage />);
    await screen.findByRole('article', { name: 'Blue Bottle Cafe' });
    const search = screen.getByRole('searchbox', { name: 'Search employers' });
    expect(search).toHaveAttribute('placeholder', 'Search employers...');
    await userEvent.type(search, 'northWIND');
    expect(screen.queryByRole('article', { name: 'Blue Bottle Cafe' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Northwind Studio' })).toBeInTheDocument();
  });

  it('says no employers were found and suggests another search when nothing matches', async () => {
    mockApi({ 'GET /api/employers': [cafe] });
    renderWithProviders(<EmployersPage />);
    await screen.findByRole('article', { name: 'Blue Bottle Cafe' });
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByRole('heading', { name: 'No employers found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try a different search term or clear your search'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Employer' })).toHaveLength(1);
  });

  it('invites a new user to add a first employer', async () => {
    mockApi({ 'GET /api/employers': [] });
    renderWithProviders(<EmployersPage />);
    expect(await screen.findByRole('heading', { name: 'No employers found' })).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first employer')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add Employer' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    expect(
      await screen.findByRole('heading', { name: 'Add New Employer' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be fetched', async () => {
    const api = mockApi({ 'GET /api/employers': new Response('boom', { status: 500 }) });
    renderWithProviders(<EmployersPage />);
    expect(await screen.findByText('Failed to fetch employers')).toBeInTheDocument();
    api.use({ 'GET /api/employers': [cafe] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Blue Bottle Cafe' })).toBeInTheDocument();
  });

  it('asks before deleting and warns that work logs and timesheets go too', async () => {
    mockApi({ 'GET /api/employers': [cafe] });
    renderWithProviders(<EmployersPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for Blue Bottle Cafe' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Blue Bottle Cafe?' });
    expect(dialog).toHaveTextContent(
      'Deleting an employer permanently removes all associated work logs and timesheets.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Blue Bottle Cafe' })).toHaveFocus();
  });

  it("finds 'Café' when the user types 'cafe' or 'CAFÉ'", async () => {
    mockApi({ 'GET /api/employers': [makeEmployer({ name: 'Café Olé' }), studio] });
    renderWithProviders(<EmployersPage />);
    const search = await screen.findByRole('searchbox', { name: 'Search employers' });
    for (const query of ['cafe', 'CAFÉ']) {
      await userEvent.clear(search);
      await userEvent.type(search, query);
      expect(screen.getByRole('article', { name: 'Café Olé' })).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'Northwind Studio' })).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('1 employer found');
    }
  });

  it('cuts a long name to one line but keeps it whole for tooltips and screen readers', async () => {
    const long = 'The Extraordinarily Long Name Of A Catering Company Ltd';
    mockApi({ 'GET /api/employers': [makeEmployer({ name: long })] });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: long });
    const heading = within(card).getByRole('heading', { name: long });
    expect(heading).toHaveAttribute('title', long);
    expect(heading).toHaveClass('truncate');
    expect(within(card).getByRole('button', { name: `Actions for ${long}` })).toBeInTheDocument();
  });

  it('deletes after the confirmation and says so', async () => {
    const api = mockApi({
      'GET /api/employers': [cafe],
      'DELETE /api/employers/1': new Response(null, { status: 204 }),
    });
    renderWithProviders(<EmployersPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for Blue Bottle Cafe' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    api.use({ 'GET /api/employers': [] });
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Blue Bottle Cafe?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Employer deleted')).toHaveTextContent(
      'Blue Bottle Cafe and its work logs and timesheets were removed.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/employers/1')[0]?.headers.has('Content-Type')).toBe(false);
    expect(await screen.findByText('Get started by adding your first employer')).toBeVisible();
  });

  it('says why a delete failed and keeps the confirmation open', async () => {
    mockApi({
      'GET /api/employers': [cafe],
      'DELETE /api/employers/1': new Response('boom', { status: 500 }),
    });
    renderWithProviders(<EmployersPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for Blue Bottle Cafe' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Failed to delete employer: boom')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe("an employer's rate history", () => {
  const ruled = makeEmployer({
    ...studio,
    isActive: true,
    roundingStep: '15',
    roundingDirection: 'up',
    payPrecision: 'tenths',
  });
  const history = {
    versions: [
      {
        ...noExtras,
        effectiveFrom: '2026-03-01',
        hourlyRate: '32.00',
        roundingStep: '15',
        roundingDirection: 'up',
        payPrecision: 'tenths',
        taxMethod: 'deduct',
        taxRate: '20.00',
      },
      {
        ...noExtras,
        effectiveFrom: null,
        hourlyRate: '30.00',
        roundingStep: 'none',
        roundingDirection: 'nearest',
        payPrecision: 'minutes',
        taxMethod: 'add',
        taxRate: '8.00',
      },
    ],
    changes: [
      {
        id: 3,
        changedAt: '2026-03-10T15:00:00.000Z',
        changedBy: 'Robin Tester',
        field: 'taxMethod',
        oldValue: 'add',
        newValue: 'deduct',
        applies: 'date',
        appliesFrom: '2026-03-01',
      },
      {
        id: 2,
        changedAt: '2026-03-10T15:00:00.000Z',
        changedBy: 'Robin Tester',
        field: 'rate',
        oldValue: '30.00',
        newValue: '32.00',
        applies: 'date',
        appliesFrom: '2026-03-01',
      },
    ],
  };

  async function openHistory() {
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'Northwind Studio' });
    await userEvent.click(
      within(card).getByRole('button', { name: 'Actions for Northwind Studio' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rate history' }));
    return screen.findByRole('dialog', { name: 'Rate history' });
  }

  it('shows the rules in words on the card', async () => {
    mockApi({ 'GET /api/employers': [ruled] });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'Northwind Studio' });
    expect(
      within(card).getByText('Rounding: up 15 minutes · Tenths of an hour'),
    ).toBeInTheDocument();
  });

  it('shows the rules in effect today, and announces a change dated later', async () => {
    const version = {
      ...noExtras,
      roundingStep: 'none',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      taxMethod: 'add',
      taxRate: '8.00',
    } as const;
    const later = makeEmployer({
      ...studio,
      isActive: true,
      // The employer's own fields repeat its latest version, dated far ahead.
      hourlyRate: '35.00',
      taxMethod: 'deduct',
      taxRate: '20.00',
      payRules: [
        { ...version, effectiveFrom: null, hourlyRate: '32.00' },
        {
          ...version,
          effectiveFrom: '2099-01-01',
          hourlyRate: '35.00',
          taxMethod: 'deduct',
          taxRate: '20.00',
        },
      ],
    });
    mockApi({ 'GET /api/employers': [later] });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'Northwind Studio' });
    expect(within(card).getByText('$32.00/hr')).toBeInTheDocument();
    expect(within(card).getByText('8.00%')).toBeInTheDocument();
    expect(within(card).getByText('Added')).toBeInTheDocument();
    expect(
      within(card).getByText('New rates or rules from Thu, Jan 1, 2099: see Rate history.'),
    ).toBeInTheDocument();
  });

  it('lists the versions and the changes, newest first, from the card menu', async () => {
    desktop();
    mockApi({ 'GET /api/employers': [ruled], 'GET /api/employers/2/rate-history': history });
    const dialog = await openHistory();
    const rows = await within(dialog).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('$32.00/hr');
    expect(rows[1]).toHaveTextContent('Rounding: up 15 minutes');
    expect(rows[2]).toHaveTextContent('The beginning');
    expect(rows[2]).toHaveTextContent('Exact minutes');
    expect(rows[1]).toHaveTextContent('20.00% deducted');
    expect(rows[2]).toHaveTextContent('8.00% added');
    const [taxChange, change] = within(dialog).getAllByRole('listitem');
    expect(taxChange).toHaveTextContent('Tax method: Added → Deducted, for shifts from');
    expect(change).toHaveTextContent('Rate: $30.00/hr → $32.00/hr, for shifts from');
    expect(change).toHaveTextContent('by Robin Tester');
  });

  it('shows each version as a card on a phone, every rule in words', async () => {
    mockApi({ 'GET /api/employers': [ruled], 'GET /api/employers/2/rate-history': history });
    const dialog = await openHistory();
    const versions = within(dialog).getByRole('region', { name: 'Rates and rules' });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const [latest, first] = within(versions).getAllByRole('listitem');
    expect(latest).toHaveTextContent(
      'From Sun, Mar 1, 2026Rate$32.00/hrRoundingRounding: up 15 minutesPrecisionTenths of an hourTax20.00% deducted',
    );
    expect(first).toHaveTextContent('From the beginning');
    expect(first).toHaveTextContent('Tax8.00% added');
  });

  it('says when nothing was changed yet, and offers Retry when the history cannot be read', async () => {
    const api = mockApi({
      'GET /api/employers': [ruled],
      'GET /api/employers/2/rate-history': new Response('boom', { status: 500 }),
    });
    const dialog = await openHistory();
    expect(await within(dialog).findByText('Could not load the rate history.')).toBeVisible();
    api.use({ 'GET /api/employers/2/rate-history': { ...history, changes: [] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No changes yet.')).toBeVisible();
  });

  it('shows a loading status while the history loads', async () => {
    mockApi({ 'GET /api/employers': [ruled], 'GET /api/employers/2/rate-history': hang });
    const dialog = await openHistory();
    expect(within(dialog).getByRole('status', { name: 'Loading the rate history' })).toBeVisible();
  });
});

describe('overtime, premiums and holidays on the employers page', () => {
  const version = {
    roundingStep: 'none',
    roundingDirection: 'nearest',
    payPrecision: 'minutes',
    taxMethod: 'add',
    taxRate: '0.00',
    hourlyRate: '40.00',
  } as const;
  const usFederal = {
    preset: 'usFederal',
    workweekStartDay: 0,
    workweekStartTime: '00:00',
    weekly: { overMinutes: 2400, multiplierBp: 15_000 },
  };
  const premiums = [
    { id: 'a1', name: 'Nights', kind: 'fixed' as const, centsPerHour: 200 },
    {
      id: 'b2',
      name: 'Charge nurse',
      kind: 'percent' as const,
      basisPoints: 1000,
      manualOnly: true,
    },
  ];
  const hospital = makeEmployer({
    id: 7,
    name: 'Mercy Hospital',
    hourlyRate: '40.00',
    // The latest version, dated ahead: California overtime and no premiums.
    overtime: { ...usFederal, preset: 'california' },
    premiums: [],
    payRules: [
      { ...version, effectiveFrom: null, overtime: usFederal, premiums },
      {
        ...version,
        effectiveFrom: '2099-01-01',
        overtime: { ...usFederal, preset: 'california' },
        premiums: [],
      },
    ],
  });

  it('shows the overtime and premiums in effect today on the card, and nothing when there are none', async () => {
    mockApi({ 'GET /api/employers': [hospital, cafe] });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'Mercy Hospital' });
    expect(within(card).getByText('US federal (over 40 h a week)')).toBeInTheDocument();
    expect(within(card).getByText('Nights +$2.00/h, Charge nurse +10%')).toBeInTheDocument();
    const plain = screen.getByRole('article', { name: 'Blue Bottle Cafe' });
    expect(within(plain).queryByText('Overtime')).not.toBeInTheDocument();
    expect(within(plain).queryByText('Premiums')).not.toBeInTheDocument();
  });

  it('shows the overtime and premiums of each version in the rate history', async () => {
    desktop();
    mockApi({
      'GET /api/employers': [hospital],
      'GET /api/employers/7/rate-history': {
        versions: [...hospital.payRules].reverse(),
        changes: [],
      },
    });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'Mercy Hospital' });
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for Mercy Hospital' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rate history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate history' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FromRateRoundingPrecisionTaxOvertimePremiums',
      expect.stringMatching(/^Thu, Jan 1, 2099.*CaliforniaNone$/),
      expect.stringMatching(
        /^The beginning.*US federal \(over 40 h a week\)Nights \+\$2\.00\/h, Charge nurse \+10%$/,
      ),
    ]);
  });

  const year = new Date().getFullYear();
  const list = (holidays: unknown[], country: string | null = 'US') => ({
    country,
    region: null,
    year,
    holidays,
  });
  const july4 = { date: `${year}-07-04`, name: 'Independence Day', source: 'library' };

  async function openHolidays() {
    const card = await screen.findByRole('article', { name: 'Mercy Hospital' });
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for Mercy Hospital' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Holidays' }));
    return screen.findByRole('dialog', { name: 'Holidays' });
  }

  it('lists the holidays of the year, removes one, puts it back and adds a date', async () => {
    // As the server: each change answers the year's list, which the next read gives too.
    let current = list([{ ...july4, removed: false }]);
    const answer = (next: typeof current) => {
      current = next;
      return next;
    };
    const api = mockApi({
      'GET /api/employers': [hospital],
      [`GET /api/employers/7/holidays?year=${year}`]: () => current,
      [`DELETE /api/employers/7/holidays/${year}-07-04`]: () =>
        answer(list([{ ...july4, removed: true }])),
      'POST /api/employers/7/holidays': ({ body }) => {
        const { date, name } = body as { date: string; name: string };
        const rest = current.holidays.filter((h) => (h as { date: string }).date !== date);
        return answer(
          list(
            date === july4.date
              ? [{ ...july4, removed: false }, ...rest]
              : [...current.holidays, { date, name, source: 'added', removed: false }],
          ),
        );
      },
    });
    renderWithProviders(<EmployersPage />);
    const dialog = await openHolidays();
    expect(await within(dialog).findByText('Independence Day')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: String(year) })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: /^Remove Independence Day/ }));
    const putBack = await within(dialog).findByRole('button', {
      name: /^Put back Independence Day/,
    });
    expect(within(dialog).getByText('Independence Day')).toHaveClass('line-through');
    expect(api.calls(`DELETE /api/employers/7/holidays/${year}-07-04`)).toHaveLength(1);

    await userEvent.click(putBack);
    await within(dialog).findByRole('button', { name: /^Remove Independence Day/ });
    expect(api.calls('POST /api/employers/7/holidays')[0]?.body).toEqual({
      date: july4.date,
      name: 'Independence Day',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add date' }));
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription('Choose a date');
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Give the day a name',
    );
    await userEvent.type(within(dialog).getByLabelText('Date'), `${year}-12-24`);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Shutdown');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add date' }));
    expect(await within(dialog).findByText('Shutdown')).toBeInTheDocument();
    expect(api.calls('POST /api/employers/7/holidays')[1]?.body).toEqual({
      date: `${year}-12-24`,
      name: 'Shutdown',
    });
  });

  it('says how to get public holidays when the employer has no country, and offers Retry on a failure', async () => {
    mockApi({
      'GET /api/employers': [hospital],
      [`GET /api/employers/7/holidays?year=${year}`]: list([], null),
      [`GET /api/employers/7/holidays?year=${year - 1}`]: apiError(500, 'internal_error', 'Boom'),
    });
    renderWithProviders(<EmployersPage />);
    const dialog = await openHolidays();
    expect(
      await within(dialog).findByText(/No public holidays: choose a country under Edit/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous year' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load the holidays.',
    );
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('overtime groups on the employers page', () => {
  const usFederal = {
    preset: 'usFederal',
    workweekStartDay: 0,
    workweekStartTime: '00:00',
    weekly: { overMinutes: 2400, multiplierBp: 15_000 },
  };
  const north = makeEmployer({
    id: 21,
    name: 'North',
    overtime: { ...usFederal, preset: 'california' },
  });
  const south = makeEmployer({ id: 22, name: 'South' });
  const mercy = {
    id: 10,
    name: 'Mercy Health',
    overtime: usFederal,
    employerIds: [21, 22],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };

  it("says on a member's card that its overtime counts with the group, under the group's rules", async () => {
    mockApi({
      'GET /api/employers': [north, south, cafe],
      'GET /api/employer-groups': { groups: [mercy] },
    });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'North' });
    // Its own rules (California) rest while it is in the group.
    expect(
      await within(card).findByText('With Mercy Health: US federal (over 40 h a week)'),
    ).toBeVisible();
    expect(within(card).queryByText('California')).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'South' });
    expect(within(other).getByText('Overtime').nextElementSibling).toHaveTextContent(
      'With Mercy Health: US federal (over 40 h a week)',
    );
    const alone = screen.getByRole('article', { name: 'Blue Bottle Cafe' });
    expect(within(alone).queryByText('Overtime')).not.toBeInTheDocument();
  });

  it('shows the employers all the same when the groups cannot be read', async () => {
    const api = mockApi({
      'GET /api/employers': [north],
      'GET /api/employer-groups': apiError(500, 'internal_error', 'Boom'),
    });
    renderWithProviders(<EmployersPage />);
    const card = await screen.findByRole('article', { name: 'North' });
    await waitFor(() => expect(api.calls('GET /api/employer-groups')).toHaveLength(1));
    expect(within(card).getByText('California')).toBeVisible();
  });

  it('opens the overtime groups from the header, and gives focus back on closing', async () => {
    mockApi({
      'GET /api/employers': [north, south],
      'GET /api/employer-groups': { groups: [mercy] },
    });
    renderWithProviders(<EmployersPage />);
    const open = screen.getByRole('button', { name: 'Overtime groups' });
    await userEvent.click(open);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Overtime groups' },
      { timeout: 5000 },
    );
    expect(await within(dialog).findByText('North and South together')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });
});
