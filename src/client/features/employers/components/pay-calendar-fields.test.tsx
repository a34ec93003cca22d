import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { EmployerFormDialog } from './employer-form-dialog';

function renderDialog(employer?: Employer) {
  renderWithProviders(<EmployerFormDialog open onOpenChange={vi.fn()} employer={employer} />);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Employer' }));

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/Employer name/), 'Agency');
  await userEvent.type(screen.getByLabelText(/Hourly rate/), '30');
}

describe('the pay calendar in the employer form', () => {
  it('anchors a bi-weekly schedule on a date and pays the Friday after', async () => {
    const api = mockApi({ 'POST /api/employers': json(makeEmployer({ id: 2 }), 201) });
    renderDialog();
    await fillRequired();
    await choose('Timesheet schedule', 'Bi-Weekly');
    const anchor = screen.getByLabelText('Periods start on');
    expect(anchor).toHaveAccessibleDescription(/Empty: Sundays/);
    await userEvent.type(anchor, '2026-10-21');
    const days = screen.getByLabelText('Paid (days after the period ends)');
    await userEvent.clear(days);
    await userEvent.type(days, '1');
    await choose('Payday', 'The Friday on or after');
    await save();
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({
      timesheetSchedule: 'biweekly',
      payAnchorDate: '2026-10-21',
      payStartDays: [],
      paydayDays: 1,
      paydayWeekday: 5,
    });
  });

  it('shows semi-monthly days 1 and 16 until changed, and sends the two typed', async () => {
    const api = mockApi({ 'POST /api/employers': json(makeEmployer({ id: 2 }), 201) });
    renderDialog();
    await fillRequired();
    await choose('Timesheet schedule', 'Semi-Monthly');
    expect(screen.queryByLabelText('Periods start on')).not.toBeInTheDocument();
    const first = screen.getByLabelText('First period starts on day');
    const second = screen.getByLabelText('Second period starts on day');
    expect(first).toHaveValue(1);
    expect(second).toHaveValue(16);
    await userEvent.clear(first);
    await userEvent.type(first, '5');
    await userEvent.clear(second);
    await userEvent.type(second, '20');
    await save();
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(api.calls('POST /api/employers')[0]?.body).toMatchObject({
      timesheetSchedule: 'semimonthly',
      payStartDays: [5, 20],
    });
  });

  it('says a payday needs its days, rather than guessing them', async () => {
    const api = mockApi();
    renderDialog();
    await fillRequired();
    await userEvent.clear(screen.getByLabelText('Paid (days after the period ends)'));
    await save();
    expect(
      await screen.findByText('Payday must be 0 to 90 days after the period ends'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/employers')).toEqual([]);
  });

  it('refuses day 29 at the field, sending nothing', async () => {
    const api = mockApi();
    renderDialog();
    await fillRequired();
    await choose('Timesheet schedule', 'Monthly');
    const day = screen.getByLabelText('Periods start on day');
    await userEvent.clear(day);
    await userEvent.type(day, '29');
    await save();
    expect(await screen.findByText('Choose days of the month from 1 to 28')).toBeInTheDocument();
    expect(day).toHaveAccessibleDescription(/Choose days of the month from 1 to 28/);
    expect(api.calls('POST /api/employers')).toEqual([]);
  });

  it('drops the semi-monthly days of an employer moved to a monthly schedule', async () => {
    const employer = makeEmployer({ timesheetSchedule: 'semimonthly', payStartDays: [5, 20] });
    const api = mockApi({ 'PATCH /api/employers/1': json(employer) });
    renderDialog(employer);
    expect(screen.getByLabelText('First period starts on day')).toHaveValue(5);
    await choose('Timesheet schedule', 'Monthly');
    expect(screen.getByLabelText('Periods start on day')).toHaveValue(1);
    await save();
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(api.calls('PATCH /api/employers/1')[0]?.body).toMatchObject({
      timesheetSchedule: 'monthly',
      payStartDays: [],
    });
  });
});
