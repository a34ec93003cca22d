import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setWriteTimeoutForTests } from '@/lib/api-client';
import { makeWorkLog } from '@/test/fixtures';
import { hang, json, offline } from '@/test/mock-api';
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

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

describe('what the work-log dialog does with what is typed', () => {
  it("refuses a break of '12.5' with a message instead of dropping the dot, and saves nothing", async () => {
    const api = mockDialogApi({ employers: [acme] });
    openDialog();
    await chooseEmployer('Acme Studio');
    const field = await screen.findByLabelText('Break (minutes)');
    await userEvent.clear(field);
    await userEvent.type(field, '12.5');
    await userEvent.tab();
    expect(field).toHaveValue('12.5');
    expect(field).toHaveAccessibleDescription('Break must be a whole number of minutes');
    expect(field).toBeInvalid();
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    expect(posted(api)).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '15');
    expect(field).not.toHaveAccessibleDescription();
    expect(field).toBeValid();
  });

  it('reads 17 typed into the end hour as 5 PM and saves a 9-hour shift', async () => {
    const api = acceptNewLogs();
    openDialog();
    await chooseEmployer('Acme Studio');
    const start = screen.getByLabelText('Start time hour');
    await userEvent.clear(start);
    await userEvent.type(start, '8');
    const end = screen.getByLabelText('End time hour');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'End time' })).getByRole('radio', { name: 'AM' }),
    );
    await userEvent.clear(end);
    await userEvent.type(end, '17');
    await userEvent.tab();

    expect(end).toHaveValue('05');
    const endGroup = screen.getByRole('group', { name: 'End time' });
    expect(within(endGroup).getByRole('radio', { name: 'PM' })).toBeChecked();
    expect(preview()).toHaveTextContent('9.0 h · $225.00');
    expect(preview()).toHaveTextContent('8:00 AM – 5:00 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await screen.findByRole('button', { name: 'Saved' });
    expect(postedBodies(api)[0]).toMatchObject({ startTime: '08:00', endTime: '17:00' });
  });

  it('says an end hour of 24 cannot be read when the field is left, instead of clamping it', async () => {
    const api = mockDialogApi({ employers: [acme] });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('End time', '24', '00', 'PM');
    const end = screen.getByLabelText('End time hour');
    expect(end).toHaveValue('24');
    const message = 'Enter an hour from 1 to 12, or 0 to 23 for 24-hour time';
    expect(end).toHaveAccessibleDescription(message);
    expect(screen.getByRole('group', { name: 'End time' })).toHaveTextContent(message);
    await setTime('End time', '09', '75', 'PM');
    expect(end).toHaveAccessibleDescription('Enter minutes from 00 to 59');
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    expect(posted(api)).toBe(false);
    await setTime('End time', '09', '30', 'PM');
    expect(end).not.toHaveAccessibleDescription();
  });

  it('saves a note and shows an edited log its own note', async () => {
    const api = mockDialogApi({
      employers: [acme],
      routes: { 'POST /api/work-logs': () => json(makeWorkLog(), 201) },
    });
    const { unmount } = openDialog();
    await chooseEmployer('Acme Studio');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Covered for Sam  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await screen.findByRole('button', { name: 'Saved' });
    expect(postedBodies(api)[0]).toMatchObject({ note: 'Covered for Sam' });
    unmount();

    openDialog({ workLog: makeWorkLog({ note: 'Inventory day' }) });
    expect(await screen.findByLabelText('Note (optional)')).toHaveValue('Inventory day');
  });

  it('counts down near the 1,000-character limit and refuses a longer note with a clear message', async () => {
    const api = mockDialogApi({ employers: [acme] });
    openDialog();
    await chooseEmployer('Acme Studio');
    const note = screen.getByLabelText('Note (optional)');
    await userEvent.click(note);
    await userEvent.paste('a'.repeat(890));
    expect(screen.queryByText(/characters left/)).not.toBeInTheDocument();
    await userEvent.paste('a'.repeat(15));
    expect(note).toHaveAccessibleDescription('95 characters left');
    await userEvent.paste('a'.repeat(107));
    expect(note).toHaveValue('a'.repeat(1012));
    expect(note).toHaveAccessibleDescription('12 characters too many');
    expect(note).toBeInvalid();
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    expect(await screen.findByText('Note must be at most 1,000 characters')).toBeInTheDocument();
    expect(note).toHaveAccessibleDescription(
      'Note must be at most 1,000 characters 12 characters too many',
    );
    expect(posted(api)).toBe(false);
  });

  it('says the save did not go through when the network is gone, and keeps what was typed', async () => {
    mockDialogApi({ employers: [clinic], routes: { 'POST /api/work-logs': offline } });
    openDialog();
    await fillAShift();
    // The browser knows it is offline: TanStack Query would hold the save back, paused.
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));

    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This work log was not saved: the server could not be reached.',
    );
    expect(await findToast('Not saved')).toHaveClass('destructive');
    // 'Try Again' goes back to the usual label (docs/product/screens.md#states); the message and the input stay.
    expect(
      await screen.findByRole('button', { name: 'Save Work Log' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('What you typed is still here');
    expectTheShiftStillTyped();
  });

  it('gives up on a save that gets no answer instead of showing Saving... forever', async () => {
    const restore = setWriteTimeoutForTests(200);
    // A server that never answers: the request ends only when the client aborts it.
    mockDialogApi({ employers: [clinic], routes: { 'POST /api/work-logs': hang } });
    try {
      openDialog();
      await fillAShift();
      await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
      expect(screen.getByRole('button', { name: 'Saving...' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('This work log was not saved');
      expectTheShiftStillTyped();
    } finally {
      restore();
    }
  });
});

/** Greenleaf Clinic, Lab, 10:00 PM to 06:15 AM, a 45-minute break and a note. */
async function fillAShift() {
  await chooseEmployer('Greenleaf Clinic');
  await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Lab' }));
  await setTime('Start time', '10', '00', 'PM');
  await setTime('End time', '06', '15', 'AM');
  const breakField = screen.getByLabelText('Break (minutes)');
  await userEvent.clear(breakField);
  await userEvent.type(breakField, '45');
  await userEvent.type(screen.getByLabelText('Note (optional)'), 'Night inventory');
}

function expectTheShiftStillTyped() {
  expect(screen.getByRole('combobox', { name: 'Employer' })).toHaveTextContent('Greenleaf Clinic');
  expect(screen.getByRole('combobox', { name: 'Department' })).toHaveTextContent('Lab');
  expect(screen.getByLabelText('Start time hour')).toHaveValue('10');
  expect(screen.getByLabelText('End time minutes')).toHaveValue('15');
  expect(screen.getByLabelText('Break (minutes)')).toHaveValue('45');
  expect(screen.getByLabelText('Note (optional)')).toHaveValue('Night inventory');
}
