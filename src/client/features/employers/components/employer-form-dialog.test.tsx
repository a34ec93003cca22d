import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setWriteTimeoutForTests } from '@/lib/api-client';
import { makeEmployer, makeSettings } from '@/test/fixtures';
import { apiError, hang, json, mockApi, offline } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { EmployerFormDialog } from './employer-form-dialog';

function renderDialog(employer?: Employer) {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <EmployerFormDialog open onOpenChange={onOpenChange} employer={employer} />,
  );
  return { ...result, onOpenChange, dialog: screen.getByRole('dialog') };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Employer' }));
const nameField = () => screen.getByLabelText(/Employer name/);
const rateField = () => screen.getByLabelText(/Hourly rate/);

async function fillRequired(name = 'Acme', rate = '20') {
  await userEvent.type(nameField(), name);
  await userEvent.type(rateField(), rate);
}

describe('the employer form', () => {
  it('is titled Add New Employer and starts active, full-time, weekly and blue', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Add New Employer' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Employment type' })).toHaveTextContent(
      'Full-time',
    );
    expect(screen.getByRole('combobox', { name: 'Timesheet schedule' })).toHaveTextContent(
      'Weekly',
    );
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(rateField()).toHaveAttribute('type', 'number');
    expect(rateField()).toHaveAttribute('step', '0.01');
    expect(rateField()).toHaveAttribute('min', '0');
    const tax = screen.getByLabelText(/Tax rate/);
    expect(tax).toHaveAttribute('max', '100');
    expect(tax).toHaveAttribute('step', '0.01');
  });

  it('says the name is required and the rate must be a positive number, sending nothing', async () => {
    const api = mockApi();
    renderDialog();
    await save();
    expect(await screen.findByText('Employer name is required')).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription('Employer name is required');
    expect(screen.getByText('Hourly rate must be a positive number')).toBeInTheDocument();
    expect(api.calls('POST /api/employers')).toEqual([]);
  });

  it('says a negative rate must be at least 0 and a bad e-mail is invalid', async () => {
    renderDialog();
    await fillRequired('Acme', '-1');
    await userEvent.type(screen.getByLabelText('Contact email'), 'not-an-email');
    await save();
    expect(await screen.findByText('Hourly rate must be at least 0')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it("says exactly what is wrong with '1e3' as an hourly rate", async () => {
    const api = mockApi();
    renderDialog();
    await fillRequired('Acme', '1e3');
    await save();
    expect(
      await screen.findByText('Hourly rate must be a plain number like 24.50'),
    ).toBeInTheDocument();
    expect(rateField()).toHaveAccessibleDescription(
      'Hourly rate must be a plain number like 24.50',
    );
    expect(api.calls('POST /api/employers')).toEqual([]);
  });

  it('says the employer name must be on one line, sending nothing', async () => {
    const api = mockApi();
    renderDialog();
    await fillRequired('Acme\u2028=1+1', '20');
    await save();
    expect(await screen.findByText('Employer name must be on one line')).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription('Employer name must be on one line');
    expect(api.calls('POST /api/employers')).toEqual([]);
  });

  it('refuses a tax rate above 100', async () => {
    renderDialog();
    const tax = screen.getByLabelText(/Tax rate/);
    await userEvent.clear(tax);
    await userEvent.type(tax, '100.5');
    await save();
    expect(await screen.findByText('Tax rate must be at most 100')).toBeInTheDocument();
  });

  it("starts a new employer with the settings' tax method and sends the one chosen", async () => {
    const api = mockApi({
      'GET /api/settings': makeSettings({ taxCalculation: 'deduct' }),
      'POST /api/employers': json(makeEmployer({ id: 2, taxMethod: 'none' }), 201),
    });
    renderDialog();
    const method = screen.getByRole('combobox', { name: 'Tax method' });
    await waitFor(() => expect(method).toHaveTextContent('Deduct tax (employee)'));
    expect(method).toHaveAccessibleDescription(/new employers start with Settings → Export/);
    await fillRequired();
    await userEvent.click(method);
    await userEvent.click(await screen.findByRole('option', { name: 'No tax' }));
    await save();
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({ taxMethod: 'none' });
  });

  it("shows an employer's own tax method when editing, whatever the settings say", async () => {
    mockApi({ 'GET /api/settings': makeSettings({ taxCalculation: 'add' }) });
    renderDialog(makeEmployer({ taxMethod: 'deduct' }));
    expect(screen.getByRole('combobox', { name: 'Tax method' })).toHaveTextContent(
      'Deduct tax (employee)',
    );
  });

  it('takes an empty tax rate as 0 %', async () => {
    const api = mockApi({ 'POST /api/employers': json(makeEmployer({ id: 2 }), 201) });
    renderDialog();
    await fillRequired();
    await userEvent.clear(screen.getByLabelText(/Tax rate/));
    await save();
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(screen.queryByText(/Tax rate must/)).not.toBeInTheDocument();
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({ taxRate: '0' });
  });

  it('adds an employer, appends it to the cached list and says so', async () => {
    const created = makeEmployer({ id: 2, name: 'Acme', departments: ['Kitchen'] });
    const api = mockApi({
      'POST /api/employers': json(created, 201),
      'GET /api/employers': [makeEmployer(), created],
    });
    const { queryClient, onOpenChange } = renderDialog();
    queryClient.setQueryData(['/api/employers'], [makeEmployer()]);
    await fillRequired(' Acme ', '24.5');
    await userEvent.type(screen.getByLabelText('Departments'), 'Kitchen{Enter}');
    await userEvent.click(screen.getByRole('radio', { name: 'Teal' }));
    await save();

    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({
      name: 'Acme',
      hourlyRate: '24.5',
      departments: ['Kitchen'],
      brandColor: 'teal',
      isActive: true,
      contactEmail: null,
    });
    expect(queryClient.getQueryData<Employer[]>(['/api/employers'])?.map((e) => e.id)).toEqual([
      1, 2,
    ]);
    expect(await findToast('Employer added successfully')).toHaveTextContent('Success');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false), { timeout: 2000 });
  });

  it('shows a duplicate name at the name field and keeps the dialog open with the input', async () => {
    const taken = 'You already have an employer named "Acme"';
    mockApi({ 'POST /api/employers': apiError(409, 'conflict', taken, { name: taken }) });
    const { onOpenChange } = renderDialog();
    await fillRequired('acme', '20');
    await save();
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription(taken);
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveFocus();
    expect(nameField()).toHaveValue('acme');
    expect(rateField()).toHaveValue(20);
    expect(await findToast(taken)).toHaveTextContent('Error');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says a save without network did not go through, and keeps what was typed', async () => {
    mockApi({ 'POST /api/employers': offline });
    renderDialog();
    await fillRequired();
    await save();
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    const toast = await findToast(
      'Could not reach the server. Your changes are still here: try again.',
    );
    expect(toast).toHaveTextContent('Not saved');
    expect(nameField()).toHaveValue('Acme');
  });

  it('gives up on a save that gets no answer, instead of saving forever', async () => {
    // Long enough that "Saving..." is still there when the click returns on a loaded machine.
    const restore = setWriteTimeoutForTests(1_000);
    mockApi({ 'POST /api/employers': hang });
    renderDialog();
    await fillRequired();
    await save();
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(await findToast('Not saved')).toBeInTheDocument();
    expect(nameField()).toHaveValue('Acme');
    restore();
  });

  it('edits an employer under the title Edit Employer Details and can deactivate it', async () => {
    const employer = makeEmployer({ departments: ['Bar'], phone: '555-0100' });
    const api = mockApi({
      'PATCH /api/employers/1': ({ body }) => ({ ...employer, ...(body as object) }),
      'GET /api/employers': [employer],
    });
    const { dialog } = renderDialog(employer);
    expect(within(dialog).getByRole('heading', { name: 'Edit Employer Details' })).toBeVisible();
    expect(rateField()).toHaveValue(24.5);
    expect(screen.getByRole('button', { name: 'Remove Bar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await save();
    await screen.findByRole('button', { name: 'Saved' });
    expect(api.calls('PATCH /api/employers/1')[0]?.body).toMatchObject({
      isActive: false,
      name: 'Blue Bottle Cafe',
      phone: '555-0100',
    });
    expect(await findToast('Employer updated')).toBeInTheDocument();
  });

  it('says "Failed to update employer. Please try again." when an edit fails', async () => {
    mockApi({ 'PATCH /api/employers/1': new Response('boom', { status: 500 }) });
    renderDialog(makeEmployer());
    await save();
    await screen.findByRole('button', { name: 'Try Again' });
    expect(await findToast('Failed to update employer. Please try again.')).toBeInTheDocument();
  });
});

describe('a rate or rule change on an employer with shifts', () => {
  const employer = makeEmployer({ hourlyRate: '30.00' });
  const question = 'Choose how the change applies: new shifts only, from a date, or every shift';
  /** The server: asks how it applies until told; answers a preview per choice. */
  function serverWithShifts(preview: (from: string) => unknown) {
    return mockApi({
      'PATCH /api/employers/1': ({ body }) =>
        (body as { applyChange?: unknown }).applyChange
          ? { ...employer, hourlyRate: '32.00' }
          : apiError(400, 'validation_failed', question, { applyChange: question }),
      'POST /api/employers/1/change-preview': ({ body }) =>
        preview((body as { applyChange: { from: string } }).applyChange.from),
      'GET /api/employers': [employer],
    });
  }

  async function changeRate() {
    await userEvent.clear(rateField());
    await userEvent.type(rateField(), '32');
    await save();
    return screen.findByRole('radiogroup');
  }

  it("asks how it applies, shows the server's preview for each choice, and saves with the one chosen", async () => {
    const api = serverWithShifts((from) =>
      from === 'every'
        ? {
            shifts: 12,
            beforeCents: 120_450,
            afterCents: 125_000,
            beforeTotalCents: 120_450,
            afterTotalCents: 125_000,
          }
        : {
            shifts: 1,
            beforeCents: 12_250,
            afterCents: 13_067,
            beforeTotalCents: 12_250,
            afterTotalCents: 13_067,
          },
    );
    const { onOpenChange } = renderDialog(employer);
    await changeRate();
    expect(screen.getByText('Apply the change to')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'New shifts only' })).toBeChecked();
    expect(
      await screen.findByText('1 shift changes: $122.50 → $130.67 (+$8.17)'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Every shift' }));
    expect(
      await screen.findByText('12 shifts change: $1,204.50 → $1,250.00 (+$45.50)'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'From a date' }));
    expect(screen.getByText('Choose a date to see what changes.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Apply from/), '2026-03-01');
    await waitFor(() =>
      expect(api.calls('POST /api/employers/1/change-preview').at(-1)?.body).toMatchObject({
        hourlyRate: '32',
        applyChange: { from: 'date', date: '2026-03-01' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Change' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.calls('PATCH /api/employers/1').at(-1)?.body).toMatchObject({
      hourlyRate: '32',
      applyChange: { from: 'date', date: '2026-03-01' },
    });
    expect(await findToast('Employer updated')).toBeInTheDocument();
  });

  it('asks before sending anything when the employer is known to have shifts', async () => {
    const api = serverWithShifts(() => ({
      shifts: 3,
      beforeCents: 36_000,
      afterCents: 38_400,
      beforeTotalCents: 36_000,
      afterTotalCents: 38_400,
    }));
    renderDialog({ ...employer, shiftCount: 3 });
    await changeRate();
    expect(await screen.findByText('3 shifts change: $360.00 → $384.00 (+$24.00)')).toBeVisible();
    // The question came from the form: no save was tried, so nothing was refused.
    expect(api.calls('PATCH /api/employers/1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save Change' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/employers/1').at(-1)?.body).toMatchObject({
        hourlyRate: '32',
        applyChange: { from: 'new' },
      }),
    );
    // Only the rule the user edited: the others of earlier versions stay as they were.
    const sent = api.calls('PATCH /api/employers/1').at(-1)?.body as Record<string, unknown>;
    for (const untouched of ['taxRate', 'taxMethod', 'roundingStep', 'payPrecision']) {
      expect(sent).not.toHaveProperty(untouched);
    }
    expect(sent).toHaveProperty('name', 'Blue Bottle Cafe');
  });

  it('saves at once a change that pays no shift differently, shifts or not', async () => {
    const api = mockApi({
      'PATCH /api/employers/1': ({ body }) => ({ ...employer, ...(body as object) }),
      'GET /api/employers': [employer],
    });
    const { onOpenChange } = renderDialog({ ...employer, shiftCount: 3 });
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Blue Bottle Coffee');
    // The same rate, typed differently, is no change.
    await userEvent.clear(rateField());
    await userEvent.type(rateField(), '30');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.calls('PATCH /api/employers/1')).toHaveLength(1);
    expect(api.calls('POST /api/employers/1/change-preview')).toHaveLength(0);
  });

  it('asks the same for a tax change, and states the total due the shifts change to', async () => {
    // The clinic's 8 % added becomes 20 % withheld on one $122.50 shift: $132.30 → $98.00.
    const api = serverWithShifts(() => ({
      shifts: 1,
      beforeCents: 12_250,
      afterCents: 12_250,
      beforeTotalCents: 13_230,
      afterTotalCents: 9_800,
    }));
    renderDialog(employer);
    await userEvent.clear(screen.getByLabelText(/Tax rate/));
    await userEvent.type(screen.getByLabelText(/Tax rate/), '20');
    await save();
    expect(await screen.findByText('Apply the change to')).toBeVisible();
    expect(
      await screen.findByText(
        '1 shift changes: total due $132.30 → $98.00 (−$34.30); gross pay stays $122.50',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Every shift' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Change' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/employers/1').at(-1)?.body).toMatchObject({
        taxRate: '20',
        applyChange: { from: 'every' },
      }),
    );
  });

  it('says when the preview cannot be worked out, and Back returns to the form as typed', async () => {
    serverWithShifts(() => new Response('boom', { status: 500 }));
    renderDialog(employer);
    await changeRate();
    expect(await screen.findByText('Could not work out what the change does.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(rateField()).toHaveValue(32);
  });
});

describe('closing the employer form', () => {
  it('closes at once when nothing was typed', async () => {
    const { onOpenChange } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before throwing away what was typed, and keeps it on Keep Editing', async () => {
    const { onOpenChange } = renderDialog();
    await userEvent.type(nameField(), 'Half typed');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue('Half typed');
    expect(nameField()).toHaveFocus();
    expect(onOpenChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('overtime and premiums in the employer form', () => {
  const overtimeSelect = () => screen.getByRole('combobox', { name: 'Overtime' });

  async function choose(combobox: HTMLElement, option: string) {
    await userEvent.click(combobox);
    await userEvent.click(await screen.findByRole('option', { name: option }));
  }

  it('offers the presets by their plain names and says the rules of the one chosen', async () => {
    mockApi();
    renderDialog();
    expect(overtimeSelect()).toHaveTextContent('No overtime');
    expect(screen.getByText('Every hour is paid at the rate.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Workweek starts' })).not.toBeInTheDocument();
    await userEvent.click(overtimeSelect());
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual([
      'No overtime',
      'US federal (over 40 h a week)',
      'California (over 8 h a day at 1.5×, over 12 h at 2×, over 40 h a week, seventh consecutive day)',
      'Hospital 8 and 80 (14-day period)',
      'Custom',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'US federal (over 40 h a week)' }));
    const rules = screen.getByRole('list', { name: 'Overtime rules' });
    expect(rules).toHaveTextContent(
      'Over 40 h a week at 1.5× (hours paid as daily overtime not counted again)',
    );
    expect(screen.getByRole('combobox', { name: 'Workweek starts' })).toHaveTextContent('Sunday');
    expect(screen.queryByLabelText('First day of a 14-day period')).not.toBeInTheDocument();

    await choose(overtimeSelect(), 'Hospital 8 and 80 (14-day period)');
    expect(screen.getByLabelText('First day of a 14-day period')).toHaveValue('2023-01-01');
    expect(screen.getByRole('list', { name: 'Overtime rules' })).toHaveTextContent(
      'Over 8 h a day or 80 h in a 14-day period at 1.5×; periods from 2023-01-01',
    );

    // Custom starts from the thresholds of the preset it leaves.
    await choose(
      overtimeSelect(),
      'California (over 8 h a day at 1.5×, over 12 h at 2×, over 40 h a week, seventh consecutive day)',
    );
    await choose(overtimeSelect(), 'Custom');
    expect(screen.getByLabelText('Daily threshold (hours)')).toHaveValue('8');
    expect(screen.getByLabelText('Second daily threshold (hours)')).toHaveValue('12');
    expect(screen.getByLabelText('Second daily multiplier')).toHaveValue('2');
    expect(screen.getByLabelText('Weekly threshold (hours)')).toHaveValue('40');
    expect(screen.getByRole('checkbox', { name: 'Seventh consecutive day' })).toBeChecked();
  });

  it('turns custom hours and multipliers into whole minutes and basis points, refusing bad ones', async () => {
    const api = mockApi({ 'POST /api/employers': json(makeEmployer({ id: 2 }), 201) });
    renderDialog();
    await fillRequired();
    await choose(overtimeSelect(), 'Custom');
    await userEvent.type(screen.getByLabelText('Daily threshold (hours)'), '7.5');
    await userEvent.type(screen.getByLabelText('Daily multiplier'), '1.5');
    const weekly = screen.getByLabelText('Weekly threshold (hours)');
    await userEvent.type(weekly, '37.51');
    await userEvent.type(screen.getByLabelText('Weekly multiplier'), '1.25');
    await save();
    expect(weekly).toHaveAccessibleDescription(
      'That is not a whole number of minutes: write it as hours:minutes, like 7:20',
    );
    expect(api.calls('POST /api/employers')).toEqual([]);

    await userEvent.clear(weekly);
    await userEvent.type(weekly, '37:30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seventh consecutive day' }));
    expect(screen.getByRole('list', { name: 'Overtime rules' })).toHaveTextContent(
      'Over 7.5 h a day at 1.5×',
    );
    await save();
    await screen.findByRole('button', { name: 'Saved' });
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({
      overtime: {
        preset: 'custom',
        workweekStartDay: 0,
        workweekStartTime: '00:00',
        daily: [{ overMinutes: 450, multiplierBp: 15_000 }],
        weekly: { overMinutes: 2250, multiplierBp: 12_500 },
        seventhDay: true,
      },
      premiums: [],
      holidayCountry: null,
    });
  });

  it('adds premiums with the employer, and holds the save while one is still open', async () => {
    const api = mockApi({ 'POST /api/employers': json(makeEmployer({ id: 2 }), 201) });
    renderDialog();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add premium' }));
    await userEvent.type(screen.getByLabelText(/Premium name/), 'Nights');
    await userEvent.type(screen.getByLabelText(/Amount per hour \(/), '2');
    await save();
    expect(
      await screen.findByText('Add this premium, or cancel it, before saving the employer.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/employers')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add this premium' }));
    await save();
    await screen.findByRole('button', { name: 'Saved' });
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({
      premiums: [
        {
          id: expect.stringMatching(/^[a-z0-9]{8}$/),
          name: 'Nights',
          kind: 'fixed',
          centsPerHour: 200,
        },
      ],
    });
  });

  it('chooses whose public holidays apply: a country, then one of its regions', async () => {
    const api = mockApi({
      'GET /api/holidays/countries': {
        countries: [
          { code: 'DE', name: 'Germany' },
          { code: 'US', name: 'United States' },
        ],
      },
      'GET /api/holidays/regions?country=US': {
        regions: [
          { code: 'CA', name: 'California' },
          { code: 'NY', name: 'New York' },
        ],
      },
      'POST /api/employers': json(makeEmployer({ id: 2 }), 201),
    });
    renderDialog();
    await fillRequired();
    const country = screen.getByRole('combobox', { name: 'Public holidays from' });
    await waitFor(() => expect(country).toBeEnabled());
    expect(country).toHaveTextContent('None');
    await choose(country, 'United States');
    const region = await screen.findByRole('combobox', { name: 'Region' });
    await waitFor(() => expect(region).toBeEnabled());
    await choose(region, 'California');
    await save();
    await screen.findByRole('button', { name: 'Saved' });
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({
      holidayCountry: 'US',
      holidayRegion: 'CA',
    });
  });
});

describe('overtime and premium changes on an employer with shifts', () => {
  // As the server stores them: keys in its own order.
  const employer = makeEmployer({
    shiftCount: 3,
    overtime: {
      weekly: { multiplierBp: 15_000, overMinutes: 2400 },
      workweekStartTime: '00:00',
      workweekStartDay: 0,
      preset: 'usFederal',
    },
    premiums: [
      {
        window: { end: '06:00', start: '22:00' },
        centsPerHour: 200,
        kind: 'fixed',
        name: 'Nights',
        id: 'n1ghts00',
      },
    ],
  });
  const preview = {
    shifts: 3,
    beforeCents: 36_000,
    afterCents: 37_200,
    beforeTotalCents: 36_000,
    afterTotalCents: 37_200,
  };

  it('says, above its overtime, that an employer in a group counts overtime with it', async () => {
    mockApi({
      'GET /api/employers': [employer],
      'GET /api/employer-groups': {
        groups: [
          {
            id: 10,
            name: 'Mercy Health',
            overtime: employer.overtime,
            employerIds: [employer.id, 2],
            createdAt: '2026-11-01T00:00:00.000Z',
            updatedAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      },
    });
    renderDialog(employer);
    expect(
      await screen.findByText(
        'Overtime is counted with Mercy Health (Overtime groups). These rules apply again if it leaves the group.',
      ),
    ).toBeVisible();
    // Its own rules stay there to edit.
    expect(screen.getByRole('combobox', { name: 'Overtime' })).toBeEnabled();
  });

  it('says nothing of groups for an employer in none', async () => {
    const api = mockApi({
      'GET /api/employers': [employer],
      'GET /api/employer-groups': { groups: [] },
    });
    renderDialog(employer);
    await waitFor(() => expect(api.calls('GET /api/employer-groups')).toHaveLength(1));
    expect(screen.queryByText(/Overtime is counted with/)).not.toBeInTheDocument();
  });

  it('sends neither when only the name changed, and asks nothing', async () => {
    const api = mockApi({
      'PATCH /api/employers/1': ({ body }) => ({ ...employer, ...(body as object) }),
      'GET /api/employers': [employer],
    });
    const { onOpenChange } = renderDialog(employer);
    expect(screen.getByRole('combobox', { name: 'Overtime' })).toHaveTextContent(
      'US federal (over 40 h a week)',
    );
    expect(screen.getByText('Nights: +$2.00/h, 22:00–06:00')).toBeInTheDocument();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Blue Bottle');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = api.calls('PATCH /api/employers/1')[0]?.body as Record<string, unknown>;
    expect(sent).toHaveProperty('name', 'Blue Bottle');
    expect(sent).not.toHaveProperty('overtime');
    expect(sent).not.toHaveProperty('premiums');
    expect(api.calls('POST /api/employers/1/change-preview')).toHaveLength(0);
  });

  it('asks how a workweek change applies, and sends the overtime alone of the pay rules', async () => {
    const api = mockApi({
      'PATCH /api/employers/1': ({ body }) => ({ ...employer, ...(body as object) }),
      'POST /api/employers/1/change-preview': preview,
      'GET /api/employers': [employer],
    });
    renderDialog(employer);
    await userEvent.click(screen.getByRole('combobox', { name: 'Workweek starts' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monday' }));
    await save();
    expect(await screen.findByText('3 shifts change: $360.00 → $372.00 (+$12.00)')).toBeVisible();
    expect(api.calls('PATCH /api/employers/1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save Change' }));
    await waitFor(() => expect(api.calls('PATCH /api/employers/1')).toHaveLength(1));
    const sent = api.calls('PATCH /api/employers/1')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      overtime: { preset: 'usFederal', workweekStartDay: 1 },
      applyChange: { from: 'new' },
    });
    for (const untouched of ['premiums', 'hourlyRate', 'taxRate', 'roundingStep']) {
      expect(sent).not.toHaveProperty(untouched);
    }
  });

  it('asks how a premium change applies, and sends the premiums alone of the pay rules', async () => {
    const api = mockApi({
      'PATCH /api/employers/1': ({ body }) => ({ ...employer, ...(body as object) }),
      'POST /api/employers/1/change-preview': preview,
      'GET /api/employers': [employer],
    });
    renderDialog(employer);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Nights' }));
    await save();
    await screen.findByText('3 shifts change: $360.00 → $372.00 (+$12.00)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Change' }));
    await waitFor(() => expect(api.calls('PATCH /api/employers/1')).toHaveLength(1));
    const sent = api.calls('PATCH /api/employers/1')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ premiums: [], applyChange: { from: 'new' } });
    expect(sent).not.toHaveProperty('overtime');
  });
});
