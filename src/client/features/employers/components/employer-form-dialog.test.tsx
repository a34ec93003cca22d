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
