import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeWorkLog } from '@/test/fixtures';
import type { MockApi } from '@/test/mock-api';
import { acme, mockDialogApi, openDialog, preview, setTime } from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');
await import('@/components/ui/calendar');

// In Chicago the clocks go forward at 02:00 on March 8, 2026 and back at 02:00 on November 1.
const SPRING_EVE = '2026-03-07';
const SPRING_NIGHT = '2026-03-08';
const AUTUMN_EVE = '2026-10-31';

/** A Chicago user editing a shift of `date`; its PATCH is answered with the log. */
function editShiftOn(date: string) {
  const api = mockDialogApi({
    employers: [acme],
    settings: makeSettings({ timeZone: 'America/Chicago' }),
    routes: { 'PATCH /api/work-logs/10': makeWorkLog({ date }) },
  });
  openDialog({
    workLog: makeWorkLog({ date, startTime: '09:00', endTime: '17:00', breakDuration: 0 }),
  });
  return api;
}

const patched = (api: MockApi) => api.calls('PATCH /api/work-logs/10').map((call) => call.body);

async function setBreak(minutes: string) {
  const field = screen.getByLabelText('Break (minutes)');
  await userEvent.clear(field);
  await userEvent.type(field, minutes);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));

describe('the work-log dialog on a night the clocks change', () => {
  it('says under the start time that 2:30 AM does not exist that night, sends nothing and focuses it', async () => {
    const api = editShiftOn(SPRING_NIGHT);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '02', '30', 'AM');
    await userEvent.tab();
    const message =
      'Start time 02:30 does not exist on March 8, 2026: the clocks go forward from 02:00 to 03:00 that night (a clock change)';
    const start = screen.getByLabelText('Start time hour');
    expect(start).toHaveAccessibleDescription(message);
    expect(start).toBeInvalid();
    expect(screen.getByRole('group', { name: 'Start time' })).toHaveAccessibleDescription(message);

    await save();
    await waitFor(() => expect(start).toHaveFocus());
    expect(patched(api)).toEqual([]);

    await setTime('Start time', '03', '30', 'AM');
    await userEvent.tab();
    expect(start).not.toHaveAccessibleDescription();
    await save();
    await waitFor(() => expect(patched(api)).toHaveLength(1));
    expect(patched(api)[0]).toMatchObject({ startTime: '03:30', endTime: '17:00' });
  });

  it('names the next day when an overnight shift ends at a time the clocks skip', async () => {
    const api = editShiftOn(SPRING_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '02', '30', 'AM');
    await save();
    const end = screen.getByLabelText('End time hour');
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(
        'End time 02:30 does not exist on March 8, 2026: the clocks go forward from 02:00 to 03:00 that night (a clock change)',
      ),
    );
    expect(end).toHaveFocus();
    expect(patched(api)).toEqual([]);
  });

  it('says in the hours line that 2:30 AM does not exist while it is typed, then under the field', async () => {
    mockDialogApi({
      employers: [acme],
      settings: makeSettings({ timeZone: 'America/Chicago' }),
    });
    openDialog({
      workLog: makeWorkLog({ date: SPRING_NIGHT, startTime: '03:30', endTime: '09:00' }),
    });
    await screen.findByRole('group', { name: 'Start time' });
    expect(preview()).toHaveTextContent('5.0 h');
    const hour = screen.getByLabelText('Start time hour');
    await userEvent.clear(hour);
    await userEvent.type(hour, '2');
    expect(preview()).toHaveTextContent('Start time 02:30 does not exist on March 8, 2026');
    expect(hour).toBeValid();
    await userEvent.tab();
    expect(hour).toHaveAccessibleDescription(/^Start time 02:30 does not exist/);
    expect(preview()).toHaveTextContent('Hours appear once the times are valid');
  });

  it('counts 10 PM to 6:30 AM as 9.5 hours across the autumn change and saves it', async () => {
    const api = editShiftOn(AUTUMN_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '06', '30', 'AM');
    expect(preview()).toHaveTextContent('9.5 h · $237.50');
    expect(preview()).toHaveTextContent('10:00 PM – 6:30 AM (ends next day)');
    await save();
    await waitFor(() => expect(patched(api)).toHaveLength(1));
    expect(patched(api)[0]).toMatchObject({
      date: AUTUMN_EVE,
      startTime: '22:00',
      endTime: '06:30',
    });
  });

  it('counts the same shift as 7.5 hours across the spring change', async () => {
    editShiftOn(SPRING_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '06', '30', 'AM');
    expect(preview()).toHaveTextContent('7.5 h · $187.50');
  });

  it('refuses an 8-hour break in the 7.5 hours of the spring night, under the break', async () => {
    const spring = editShiftOn(SPRING_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '06', '30', 'AM');
    await setBreak('480');
    expect(preview()).toHaveTextContent('Break must be shorter than the shift');
    await save();
    const breakField = screen.getByLabelText('Break (minutes)');
    await waitFor(() =>
      expect(breakField).toHaveAccessibleDescription('Break must be shorter than the shift'),
    );
    expect(breakField).toHaveFocus();
    expect(patched(spring)).toEqual([]);
  });

  it('allows a 9-hour break in the 9.5 hours of the autumn night', async () => {
    const autumn = editShiftOn(AUTUMN_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '06', '30', 'AM');
    await setBreak('540');
    expect(preview()).toHaveTextContent('0.5 h · $12.50');
    await save();
    await waitFor(() => expect(patched(autumn)).toHaveLength(1));
    expect(patched(autumn)[0]).toMatchObject({ breakDuration: 540 });
  });

  it('asks about 11 AM to 3 AM on the autumn night, which lasts 17 hours', async () => {
    const autumn = editShiftOn(AUTUMN_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '11', '00', 'AM');
    await setTime('End time', '03', '00', 'AM');
    await save();
    expect(await screen.findByTestId('shift-question')).toHaveTextContent(
      'This shift is 17 h long. Is this right?',
    );
    expect(patched(autumn)).toEqual([]);
  });

  it('asks nothing about 10 AM to 3 AM on the spring night, 16 hours, and saves it', async () => {
    const spring = editShiftOn(SPRING_EVE);
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '10', '00', 'AM');
    await setTime('End time', '03', '00', 'AM');
    expect(preview()).toHaveTextContent('16.0 h');
    await save();
    await waitFor(() => expect(patched(spring)).toHaveLength(1));
    expect(screen.queryByTestId('shift-question')).toBeNull();
  });

  it('says a start time is skipped once the date is moved to the spring night', async () => {
    editShiftOn('2026-03-09');
    await screen.findByRole('group', { name: 'Start time' });
    await setTime('Start time', '02', '30', 'AM');
    const start = screen.getByLabelText('Start time hour');
    expect(start).toBeValid();
    await userEvent.click(screen.getByRole('button', { name: /^Date/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    await userEvent.click(await within(calendar).findByRole('button', { name: /March 8th, 2026/ }));
    await waitFor(() =>
      expect(start).toHaveAccessibleDescription(
        /^Start time 02:30 does not exist on March 8, 2026/,
      ),
    );
  });
});
