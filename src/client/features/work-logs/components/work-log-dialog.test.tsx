import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeWorkLog, noExtras } from '@/test/fixtures';
import { apiError } from '@/test/mock-api';
import { findToast } from '@/test/render';
import {
  acceptNewLogs,
  acme,
  chooseEmployer,
  clinic,
  mockDialogApi,
  openDialog,
  posted,
  postedBodies,
  preview,
  setTime,
} from './work-log-dialog.test-helpers';

// Radix selects driven by user-event take a second or two per test on a busy two-core machine.
vi.setConfig({ testTimeout: 15_000 });

// The form and the calendar load lazily in the app; load them once here so no test waits.
await import('./work-log-form-body');
await import('@/components/ui/calendar');

describe('the work-log dialog', () => {
  it('is titled Log Work Hours and starts at 09:00 AM to 05:00 PM with no break', async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    expect(screen.getByRole('heading', { name: 'Log Work Hours' })).toBeInTheDocument();
    const start = await screen.findByRole('group', { name: 'Start time' });
    expect(within(start).getByLabelText('Start time hour')).toHaveValue('09');
    expect(within(start).getByLabelText('Start time minutes')).toHaveValue('00');
    expect(within(start).getByRole('radio', { name: 'AM' })).toBeChecked();
    const end = screen.getByRole('group', { name: 'End time' });
    expect(within(end).getByLabelText('End time hour')).toHaveValue('05');
    expect(within(end).getByRole('radio', { name: 'PM' })).toBeChecked();
    expect(screen.getByLabelText('Break (minutes)')).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Save Work Log' })).toBeInTheDocument();
  });

  it('points a user without employers to the Employers page', async () => {
    mockDialogApi({ employers: [] });
    openDialog();
    const employer = await screen.findByRole('combobox', { name: 'Employer' });
    await waitFor(() => expect(employer).toBeDisabled());
    expect(employer).toHaveAccessibleDescription(
      'No employers yet. Add one on the Employers page.',
    );
    expect(screen.getByRole('link', { name: 'Add one on the Employers page' })).toHaveAttribute(
      'href',
      '/employers',
    );
  });

  it('enables the department only for an employer that has departments', async () => {
    mockDialogApi({ employers: [acme, clinic] });
    openDialog();
    const department = await screen.findByRole('combobox', { name: 'Department' });
    expect(department).toBeDisabled();
    await chooseEmployer('Acme Studio');
    expect(department).toBeDisabled();
    await chooseEmployer('Greenleaf Clinic');
    expect(department).toBeEnabled();
    await userEvent.click(department);
    expect(await screen.findByRole('option', { name: 'Reception' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Lab' })).toBeInTheDocument();
  });

  it('shows the hours and earnings of the shift as the user types', async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    await screen.findByRole('group', { name: 'Start time' });
    expect(preview()).toHaveTextContent('8.0 h');
    await chooseEmployer('Acme Studio');
    expect(preview()).toHaveTextContent('8.0 h · $200.00');
    await setTime('End time', '05', '30', 'PM');
    const breakField = screen.getByLabelText('Break (minutes)');
    await userEvent.clear(breakField);
    await userEvent.type(breakField, '30');
    expect(preview()).toHaveTextContent('8.0 h · $200.00');
    expect(preview()).toHaveTextContent('9:00 AM – 5:30 PM');
  });

  it('counts an overnight shift into the next day', async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '06', '00', 'AM');
    expect(preview()).toHaveTextContent('8.0 h · $200.00');
    expect(preview()).toHaveTextContent('10:00 PM – 6:00 AM (ends next day)');
  });

  it("shows times in 24-hour form when that is the setting, and rounds by the employer's rules", async () => {
    mockDialogApi({
      // The settings' rounding is for new employers; the employer's own rules apply.
      employers: [{ ...acme, roundingStep: '60' }],
      settings: makeSettings({ timeFormat: '24-hour', roundTime: 'none' }),
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('End time', '17', '20');
    await waitFor(() => expect(preview()).toHaveTextContent('09:00 – 17:20'));
    expect(preview()).toHaveTextContent('8.0 h · $200.00');
  });

  it('previews a shift at the rate and rules of its date, as the server will pay it', async () => {
    const version = {
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      taxMethod: 'add',
      taxRate: '0.00',
    } as const;
    mockDialogApi({
      employers: [
        {
          ...acme,
          hourlyRate: '32.00',
          payRules: [
            {
              ...noExtras,
              ...version,
              effectiveFrom: null,
              hourlyRate: '30.00',
              roundingStep: '60',
            },
            {
              ...noExtras,
              ...version,
              effectiveFrom: '2026-02-15',
              hourlyRate: '32.00',
              roundingStep: 'none',
            },
          ],
        },
      ],
    });
    // A shift without a rate of its own follows the employer's history.
    openDialog({
      workLog: makeWorkLog({
        date: '2026-02-13',
        startTime: '09:00',
        endTime: '16:20',
        breakDuration: 0,
        hourlyRateAtTime: '0.00',
      }),
    });
    // Before 15 February: $30 and hourly rounding, 7 h 20 → 7 h: $210.00.
    await waitFor(() => expect(preview()).toHaveTextContent('7.0 h · $210.00'));
    await userEvent.click(screen.getByRole('button', { name: /^Date/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    await userEvent.click(
      await within(calendar).findByRole('button', { name: /February 16th, 2026/ }),
    );
    // From 15 February: $32 by the minute, 440 × 32 ÷ 60 = $234.67.
    await waitFor(() => expect(preview()).toHaveTextContent('7.3 h · $234.67'));
  });

  it('pays by the minute, or in tenths when the employer bills in tenths', async () => {
    mockDialogApi({
      employers: [
        { ...acme, hourlyRate: '31.00' },
        { ...acme, id: 2, name: 'Tenths Co', hourlyRate: '31.00', payPrecision: 'tenths' },
      ],
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('End time', '04', '15', 'PM');
    // 7 h 15 at $31: 435 × 31 ÷ 60 = $224.75; shown as 7.3 h (hours to 0.1 on screens).
    await waitFor(() => expect(preview()).toHaveTextContent('7.3 h · $224.75'));
    await chooseEmployer('Tenths Co');
    // Billed in tenths: 7.3 h × $31 = $226.30.
    await waitFor(() => expect(preview()).toHaveTextContent('7.3 h · $226.30'));
  });

  it('explains a shift that cannot be saved instead of showing hours', async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    await screen.findByRole('group', { name: 'End time' });
    await setTime('End time', '09', '00', 'AM');
    expect(preview()).toHaveTextContent('End time must be different from start time');
  });

  it('asks for an employer before saving', async () => {
    const api = mockDialogApi({ employers: [acme] });
    openDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Work Log' }));
    expect(await screen.findByText('Please select an employer')).toBeInTheDocument();
    expect(posted(api)).toBe(false);
  });

  it('sends 24-hour times, toasts Work log added and closes after showing Saved', async () => {
    const api = acceptNewLogs();
    const { onOpenChange } = openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '06', '15', 'AM');
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));

    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(postedBodies(api)[0]).toMatchObject({
      employerId: 1,
      startTime: '22:00',
      endTime: '06:15',
      breakDuration: 0,
      department: null,
      hourlyRateAtTime: '0',
    });
    const added = await findToast('Work log added');
    expect(within(added).getByText('A new work log has been added successfully.')).toBeVisible();
    expect(added).toHaveClass('success');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('edits a log: titled Edit Work Log, filled in, sent as a PATCH with Work Log Updated', async () => {
    const api = mockDialogApi({
      employers: [acme],
      routes: { 'PATCH /api/work-logs/10': makeWorkLog({ endTime: '18:00' }) },
    });
    openDialog({
      workLog: makeWorkLog({ startTime: '09:00', endTime: '17:00', breakDuration: 30 }),
    });
    expect(screen.getByRole('heading', { name: 'Edit Work Log' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'End time' });
    expect(screen.getByLabelText('Break (minutes)')).toHaveValue('30');
    expect(preview()).toHaveTextContent('7.5 h · $187.50');
    await setTime('End time', '06', '00', 'PM');
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));

    await screen.findByRole('button', { name: 'Saved' });
    const writes = api.calls().filter((call) => call.method !== 'GET');
    expect(writes[0]).toMatchObject({ url: '/api/work-logs/10', method: 'PATCH' });
    expect(writes[0]?.body).toMatchObject({ startTime: '09:00', endTime: '18:00' });
    const updated = await findToast('Work Log Updated');
    expect(within(updated).getByText('The Work Log Has Been Successfully Updated.')).toBeVisible();
    expect(updated).toHaveClass('success');
  });

  it("shows the server's field errors under their fields and an Error toast with its message", async () => {
    mockDialogApi({
      employers: [acme],
      routes: {
        'POST /api/work-logs': apiError(
          400,
          'validation_failed',
          'Break must be shorter than the shift',
          { breakDuration: 'Break must be shorter than the shift' },
        ),
      },
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));

    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByLabelText('Break (minutes)')).toHaveAccessibleDescription(
      'Break must be shorter than the shift',
    );
    const refused = await findToast('Error');
    expect(within(refused).getByText('Break must be shorter than the shift')).toBeVisible();
    expect(refused).toHaveClass('destructive');
  });
});

describe('closing the work-log dialog', () => {
  it('closes an untouched form at once', async () => {
    mockDialogApi();
    const { onOpenChange } = openDialog();
    await screen.findByRole('group', { name: 'Start time' });
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before dropping a half-filled form, from Escape and from Cancel alike', async () => {
    mockDialogApi();
    const { onOpenChange } = openDialog();
    const note = await screen.findByLabelText('Note (optional)');
    await userEvent.type(note, 'Half a shift');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(note).toHaveValue('Half a shift');
    expect(note).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole(
        'button',
        { name: 'Discard Changes' },
      ),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
