import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeWorkLog } from '@/test/fixtures';
import { apiError, json } from '@/test/mock-api';
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

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
const question = () => screen.getByTestId('shift-question');
const overlapMessage =
  'Your Acme Studio shift on Mon, Mar 2, 2026, 9:00 AM – 5:00 PM overlaps this one; saving both would bill those hours twice.';

describe('the work-log dialog of a user who reads 24-hour time', () => {
  const twentyFour = makeSettings({ timeFormat: '24-hour' });

  it('has 24-hour boxes and saves 22:00 to 06:30 as an 8.5-hour shift', async () => {
    const api = mockDialogApi({
      settings: twentyFour,
      routes: { 'POST /api/work-logs': () => json(makeWorkLog(), 201) },
    });
    openDialog();
    const start = await screen.findByRole('group', { name: 'Start time' });
    expect(within(start).getByLabelText('Start time hour')).toHaveValue('09');
    expect(screen.getByLabelText('End time hour')).toHaveValue('17');
    expect(screen.queryByRole('radio', { name: 'AM' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'PM' })).toBeNull();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '22', '00');
    await setTime('End time', '06', '30');
    await userEvent.tab();
    expect(preview()).toHaveTextContent('8.5 h · $212.50');
    expect(preview()).toHaveTextContent('22:00 – 06:30 (ends next day)');
    await save();
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(postedBodies(api)[0]).toMatchObject({ startTime: '22:00', endTime: '06:30' });
  });

  it('fills the boxes of a log being edited with its 24-hour times', async () => {
    mockDialogApi({ settings: twentyFour });
    openDialog({ workLog: makeWorkLog({ startTime: '13:15', endTime: '21:45' }) });
    expect(await screen.findByLabelText('Start time hour')).toHaveValue('13');
    expect(screen.getByLabelText('Start time minutes')).toHaveValue('15');
    expect(screen.getByLabelText('End time hour')).toHaveValue('21');
  });
});

describe('the work-log dialog of a user who reads 12-hour time', () => {
  it('takes 06 typed after a 10 PM start as 6 AM, an 8.5-hour shift', async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '10', '00', 'PM');
    const end = screen.getByLabelText('End time hour');
    await userEvent.clear(end);
    await userEvent.type(end, '06');
    const minutes = screen.getByLabelText('End time minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '30');
    await userEvent.tab();
    const endGroup = screen.getByRole('group', { name: 'End time' });
    expect(within(endGroup).getByRole('radio', { name: 'AM' })).toBeChecked();
    expect(preview()).toHaveTextContent('8.5 h · $212.50');
  });
});

describe('a shift longer than 16 hours', () => {
  it('asks "Is this right?" with its length before saving; Go back saves nothing', async () => {
    const api = mockDialogApi({
      routes: { 'POST /api/work-logs': () => json(makeWorkLog(), 201) },
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '10', '00', 'PM');
    await setTime('End time', '6', '30', 'PM');
    await save();
    expect(question()).toHaveTextContent('This shift is 20 h 30 min long. Is this right?');
    expect(question()).toHaveTextContent(
      'It starts at 10:00 PM and ends at 6:30 PM the next day. Check the times and AM/PM if it should be shorter.',
    );
    expect(
      screen.getByRole('group', { name: 'This shift is 20 h 30 min long. Is this right?' }),
    ).toBe(question());
    expect(screen.getByRole('button', { name: 'Go back' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Save Work Log' })).toBeNull();
    expect(screen.getByLabelText('End time hour')).toBeDisabled();
    expect(postedBodies(api)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByTestId('shift-question')).toBeNull();
    expect(screen.getByLabelText('End time hour')).toHaveFocus();
    expect(postedBodies(api)).toHaveLength(0);

    await save();
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(postedBodies(api)[0]).toMatchObject({ startTime: '22:00', endTime: '18:30' });
    expect(postedBodies(api)[0]).not.toHaveProperty('allowOverlap');
  });

  it('does not ask about a 16-hour shift', async () => {
    const api = mockDialogApi({
      routes: { 'POST /api/work-logs': () => json(makeWorkLog(), 201) },
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '06', '00', 'AM');
    await setTime('End time', '10', '00', 'PM');
    await save();
    await waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(screen.queryByTestId('shift-question')).toBeNull();
  });

  it('asks when an edit makes the shift that long, and sends the PATCH after Save anyway', async () => {
    const api = mockDialogApi({
      routes: { 'PATCH /api/work-logs/10': makeWorkLog({ endTime: '03:00' }) },
    });
    openDialog({ workLog: makeWorkLog() });
    await screen.findByRole('group', { name: 'End time' });
    await setTime('End time', '03', '00', 'AM');
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    expect(question()).toHaveTextContent('This shift is 18 h long. Is this right?');
    expect(api.calls('PATCH /api/work-logs/10')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.calls('PATCH /api/work-logs/10')).toHaveLength(1));
    expect(api.calls('PATCH /api/work-logs/10')[0]?.body).toMatchObject({ endTime: '03:00' });
  });
});

describe('a shift that overlaps another of the same employer', () => {
  it("shows the server's warning and saves with allowOverlap after Save anyway", async () => {
    let tries = 0;
    const api = mockDialogApi({
      routes: {
        'POST /api/work-logs': () =>
          ++tries === 1
            ? apiError(409, 'work_log_overlap', overlapMessage)
            : json(makeWorkLog(), 201),
      },
    });
    const { onOpenChange } = openDialog();
    await chooseEmployer('Acme Studio');
    await save();
    expect(await screen.findByTestId('shift-question')).toHaveTextContent(
      'This shift overlaps another one. Is this right?',
    );
    expect(question()).toHaveTextContent(overlapMessage);
    expect(screen.getByRole('button', { name: 'Go back' })).toHaveFocus();
    // A question, not a failure: no error message and no "Try Again".
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(2));
    expect(postedBodies(api)[0]).not.toHaveProperty('allowOverlap');
    expect(postedBodies(api)[1]).toMatchObject({ allowOverlap: true, startTime: '09:00' });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('sends nothing more after Go back, and asks again on the next save', async () => {
    const api = mockDialogApi({
      routes: { 'POST /api/work-logs': apiError(409, 'work_log_overlap', overlapMessage) },
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await save();
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(screen.getByLabelText('Start time hour')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save Work Log' })).toBeEnabled();
    expect(postedBodies(api)).toHaveLength(1);
    await save();
    expect(await screen.findByTestId('shift-question')).toHaveTextContent(overlapMessage);
    expect(postedBodies(api)).toHaveLength(2);
    expect(postedBodies(api)[1]).not.toHaveProperty('allowOverlap');
  });

  it('asks both questions of a long shift that also overlaps, each once', async () => {
    let tries = 0;
    const api = mockDialogApi({
      routes: {
        'POST /api/work-logs': () =>
          ++tries === 1
            ? apiError(409, 'work_log_overlap', overlapMessage)
            : json(makeWorkLog(), 201),
      },
    });
    openDialog();
    await chooseEmployer('Acme Studio');
    await setTime('Start time', '06', '00', 'AM');
    await setTime('End time', '11', '00', 'PM');
    await save();
    expect(question()).toHaveTextContent('This shift is 17 h long');
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByTestId('shift-question')).toHaveTextContent(overlapMessage);
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(postedBodies(api)).toHaveLength(2));
    expect(postedBodies(api)[1]).toMatchObject({ allowOverlap: true, endTime: '23:00' });
  });

  it('asks on an edit too, and sends the PATCH with allowOverlap after Save anyway', async () => {
    let tries = 0;
    const api = mockDialogApi({
      routes: {
        'PATCH /api/work-logs/10': () =>
          ++tries === 1 ? apiError(409, 'work_log_overlap', overlapMessage) : makeWorkLog(),
      },
    });
    openDialog({ workLog: makeWorkLog() });
    await screen.findByRole('group', { name: 'End time' });
    await setTime('End time', '06', '00', 'PM');
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.calls('PATCH /api/work-logs/10')).toHaveLength(2));
    expect(api.calls('PATCH /api/work-logs/10')[1]?.body).toMatchObject({ allowOverlap: true });
  });
});
