import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeWorkLog } from '@/test/fixtures';
import { acme, clinic, mockDialogApi, openDialog } from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

const box = (which: 'Start time' | 'End time', part: 'hour' | 'minutes') =>
  within(screen.getByRole('group', { name: which })).getByLabelText(`${which} ${part}`);

const logged = (employerId: number, startTime: string, endTime: string, createdAt: string) =>
  makeWorkLog({ id: Date.parse(createdAt) / 1000, employerId, startTime, endTime, createdAt });

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
});
