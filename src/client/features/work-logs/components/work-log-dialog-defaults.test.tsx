import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeWorkLog } from '@/test/fixtures';
import {
  acme,
  chooseEmployer,
  clinic,
  mockDialogApi,
  openDialog,
  setTime,
} from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

const box = (which: 'Start time' | 'End time', part: 'hour' | 'minutes') =>
  within(screen.getByRole('group', { name: which })).getByLabelText(`${which} ${part}`);

const logged = (
  employerId: number,
  startTime: string,
  endTime: string,
  createdAt: string,
  breakDuration = 0,
) =>
  makeWorkLog({
    id: Date.parse(createdAt) / 1000,
    employerId,
    startTime,
    endTime,
    createdAt,
    breakDuration,
  });
const breakBox = () => screen.getByLabelText('Break (minutes)');
const night = [
  logged(2, '22:00', '06:30', '2026-11-24T09:00:00Z', 30),
  logged(2, '22:00', '06:30', '2026-11-22T09:00:00Z', 30),
  logged(1, '10:00', '18:00', '2026-11-25T09:00:00Z', 0),
];

describe('a new work log starts where the user left off', () => {
  it('with the employer logged last and its usual hours', async () => {
    mockDialogApi({
      employers: [acme, clinic],
      routes: {
        'GET /api/work-logs/recent': [
          logged(clinic.id, '07:30', '15:30', '2026-11-24T09:00:00Z'),
          logged(clinic.id, '07:30', '15:30', '2026-11-20T09:00:00Z'),
          logged(clinic.id, '12:00', '16:00', '2026-11-25T09:00:00Z'),
          logged(acme.id, '10:00', '18:00', '2026-11-23T09:00:00Z'),
        ],
      },
    });
    openDialog();
    expect(await screen.findByRole('combobox', { name: 'Employer' })).toHaveTextContent(
      'Greenleaf Clinic',
    );
    expect(box('Start time', 'hour')).toHaveValue('07');
    expect(box('Start time', 'minutes')).toHaveValue('30');
    expect(box('End time', 'hour')).toHaveValue('03');
    expect(box('End time', 'minutes')).toHaveValue('30');
  });

  it('empty at 9 to 5 without shifts, or when that employer is inactive now', async () => {
    const gone = makeEmployer({ id: 7, name: 'Old Diner', isActive: false });
    mockDialogApi({
      employers: [acme, gone],
      routes: {
        'GET /api/work-logs/recent': [logged(gone.id, '06:00', '14:00', '2026-11-24T09:00:00Z')],
      },
    });
    openDialog();
    expect(await screen.findByRole('combobox', { name: 'Employer' })).not.toHaveTextContent(
      'Old Diner',
    );
    expect(box('Start time', 'hour')).toHaveValue('09');
    expect(box('End time', 'hour')).toHaveValue('05');
  });

  it("fills the usual break and says what the employer's usual shift is", async () => {
    mockDialogApi({ employers: [acme, clinic], routes: { 'GET /api/work-logs/recent': night } });
    openDialog();
    expect(await screen.findByRole('combobox', { name: 'Employer' })).toHaveTextContent(
      'Acme Studio',
    );
    expect(screen.getByText('Your usual shift at Acme Studio: 10:00 AM – 6:00 PM, no break'));
    expect(breakBox()).toHaveValue('0');
    // Another employer in a new, untouched dialog: its usual shift instead.
    await chooseEmployer('Greenleaf Clinic');
    expect(box('Start time', 'hour')).toHaveValue('10');
    expect(box('Start time', 'minutes')).toHaveValue('00');
    expect(box('End time', 'hour')).toHaveValue('06');
    expect(box('End time', 'minutes')).toHaveValue('30');
    expect(breakBox()).toHaveValue('30');
    expect(
      screen.getByText(
        'Your usual shift at Greenleaf Clinic: 10:00 PM – 6:30 AM (+1 day), 30 min break',
      ),
    );
  });

  it('keeps times the user typed when the employer changes', async () => {
    mockDialogApi({ employers: [acme, clinic], routes: { 'GET /api/work-logs/recent': night } });
    openDialog();
    await screen.findByRole('combobox', { name: 'Employer' });
    await setTime('Start time', '11', '15', 'AM');
    await chooseEmployer('Greenleaf Clinic');
    expect(box('Start time', 'hour')).toHaveValue('11');
    expect(box('Start time', 'minutes')).toHaveValue('15');
    expect(breakBox()).toHaveValue('0');
  });

  it("opens for the employer asked for, with that employer's usual shift", async () => {
    mockDialogApi({ employers: [acme, clinic], routes: { 'GET /api/work-logs/recent': night } });
    openDialog({ presetEmployerId: clinic.id });
    expect(await screen.findByRole('combobox', { name: 'Employer' })).toHaveTextContent(
      'Greenleaf Clinic',
    );
    expect(box('Start time', 'hour')).toHaveValue('10');
    expect(box('End time', 'minutes')).toHaveValue('30');
    expect(breakBox()).toHaveValue('30');
  });
});
