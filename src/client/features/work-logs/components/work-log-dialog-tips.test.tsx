import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeWorkLog } from '@/test/fixtures';
import { json } from '@/test/mock-api';
import {
  chooseEmployer,
  mockDialogApi,
  openDialog,
  postedBodies,
} from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

const courier = makeEmployer({
  id: 5,
  name: 'Courier Co',
  hourlyRate: '20.00',
  mileageRate: '0.655',
  distanceUnit: 'mi',
});
const desk = makeEmployer({ id: 6, name: 'Desk Job', hourlyRate: '30.00' });

const openTips = async () => {
  await userEvent.click(await screen.findByText('Tips and expenses'));
};

describe('tips and expenses in the dialog', () => {
  it('works the mileage out as it is typed and sends every field', async () => {
    const api = mockDialogApi({
      employers: [courier, desk],
      routes: { 'POST /api/work-logs': () => json(makeWorkLog(), 201) },
    });
    openDialog();
    await chooseEmployer('Courier Co');
    await openTips();
    await userEvent.type(screen.getByLabelText('Cash tips'), '12.50');
    await userEvent.type(screen.getByLabelText('Card tips'), '30');
    await userEvent.type(screen.getByLabelText('Distance (miles)'), '42.5');
    expect(screen.getByText('42.5 miles × $0.655 = $27.84')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Expense to be paid back'), '8.75');
    await userEvent.type(screen.getByLabelText('What for'), 'Parking');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await vi.waitFor(() => expect(postedBodies(api)).toHaveLength(1));
    expect(postedBodies(api)[0]).toMatchObject({
      employerId: 5,
      tipsCash: '12.50',
      tipsCard: '30',
      distance: '42.5',
      expenseAmount: '8.75',
      expenseNote: 'Parking',
    });
  });

  it('asks what an expense was for, and says an employer without a rate pays no mileage', async () => {
    const api = mockDialogApi({ employers: [courier, desk] });
    openDialog();
    await chooseEmployer('Desk Job');
    await openTips();
    // No mileage rate: no distance to type.
    expect(screen.queryByLabelText(/Distance/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Expense to be paid back'), '5');
    await userEvent.type(screen.getByLabelText('Cash tips'), '-2');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Say what the expense was for')).toBeVisible();
    expect(screen.getByText('Cash tips must be at least 0')).toBeVisible();
    expect(postedBodies(api)).toHaveLength(0);
  });

  it('opens on a shift that has some, with its own rate kept', async () => {
    mockDialogApi({ employers: [courier] });
    openDialog({
      workLog: makeWorkLog({
        employerId: 5,
        employer: { ...makeWorkLog().employer, id: 5, name: 'Courier Co' },
        tipsCash: '4.00',
        distance: '10.0',
        mileageRateAtTime: '0.600',
        distanceUnit: 'mi',
        expenses: '6.00',
      }),
    });
    expect(await screen.findByLabelText('Cash tips')).toHaveValue('4.00');
    expect(screen.getByLabelText('Distance (miles)')).toHaveValue('10.0');
    expect(screen.getByText('10.0 miles × $0.600 = $6.00')).toBeVisible();
  });
});
