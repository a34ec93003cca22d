import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings, makeUpcoming } from '@/test/fixtures';
import { REPORT_FORM_KEY } from './report-form-storage';
import {
  acme,
  chooseEmployer,
  fixToday,
  mockReportsApi,
  openPage,
  quickRangeButton,
  renderPage,
} from './timesheet-reports.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const stored = () => JSON.parse(window.localStorage.getItem(REPORT_FORM_KEY) ?? 'null');
const dateButton = (label: 'Start date' | 'End date') =>
  screen.getByRole('button', { name: new RegExp(`^${label}`) });

describe('the Report Parameters form', () => {
  it('has the documented page title, subtitle and form heading', async () => {
    mockReportsApi();
    await openPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Timesheet Reports' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Generate professional timesheet reports in PDF or CSV format'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Report Parameters' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Report Parameters' })).toBeInTheDocument();
  });

  it('says what is missing when generating with nothing chosen, and sends nothing', async () => {
    const api = mockReportsApi();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Please select an employer')).toBeInTheDocument();
    expect(screen.getByText('Please select a start date')).toBeInTheDocument();
    expect(screen.getByText('Please select an end date')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Employer' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls('POST /api/timesheets/generate')).toHaveLength(0);
  });

  it('asks for a valid recipient when Email report is on', async () => {
    fixToday();
    const api = mockReportsApi();
    await openPage();
    await chooseEmployer('Northwind');
    await userEvent.click(quickRangeButton('This week'));
    await userEvent.click(screen.getByRole('switch', { name: 'Email report' }));
    const recipient = screen.getByRole('textbox', { name: 'Recipient email' });
    expect(recipient).toHaveValue('');
    await userEvent.type(recipient, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(
      await screen.findByText('Valid email address is required when email report is selected'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/timesheets/generate')).toHaveLength(0);
  });

  it("fills the recipient with the employer's contact address, unless another was typed", async () => {
    mockReportsApi();
    await openPage();
    await chooseEmployer('Acme Studio');
    await userEvent.click(screen.getByRole('switch', { name: 'Email report' }));
    const recipient = screen.getByRole('textbox', { name: 'Recipient email' });
    expect(recipient).toHaveValue('payroll@acme.example');
    // Northwind has no contact address: the one that came from Acme goes with Acme.
    await chooseEmployer('Northwind');
    expect(recipient).toHaveValue('');
    await userEvent.type(recipient, 'me@home.example');
    await chooseEmployer('Acme Studio');
    expect(recipient).toHaveValue('me@home.example');
  });

  it('refuses an end date before the start date with a message under the end date', async () => {
    window.localStorage.setItem(
      REPORT_FORM_KEY,
      JSON.stringify({ employerId: '1', startDate: '2026-03-10', endDate: '2026-03-01' }),
    );
    mockReportsApi();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(
      await screen.findByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
  });

  it("starts with the user's default export format", async () => {
    mockReportsApi({ settings: makeSettings({ defaultExportFormat: 'csv' }) });
    await openPage();
    expect(screen.getByRole('radio', { name: 'CSV' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'PDF' })).not.toBeChecked();
  });
});

describe('the quick ranges', () => {
  it.each([
    ['This week', 'Sun, Mar 1, 2026', 'Sat, Mar 7, 2026'],
    ['Last week', 'Sun, Feb 22, 2026', 'Sat, Feb 28, 2026'],
    ['This month', 'Sun, Mar 1, 2026', 'Tue, Mar 31, 2026'],
    ['Last month', 'Sun, Feb 1, 2026', 'Sat, Feb 28, 2026'],
  ])('%s fills the dates with whole periods in the user’s zone', async (label, start, end) => {
    fixToday();
    mockReportsApi();
    await openPage();
    await userEvent.click(quickRangeButton(label));
    expect(dateButton('Start date')).toHaveTextContent(start);
    expect(dateButton('End date')).toHaveTextContent(end);
  });

  it("'Current pay period' follows the chosen employer's schedule and needs an employer", async () => {
    fixToday();
    mockReportsApi();
    await openPage();
    expect(quickRangeButton('Current pay period')).toBeDisabled();
    await chooseEmployer('Acme Studio');
    await userEvent.click(quickRangeButton('Current pay period'));
    // Bi-weekly periods are counted from Sunday 2023-01-01: this one began on Feb 22.
    expect(dateButton('Start date')).toHaveTextContent('Sun, Feb 22, 2026');
    expect(dateButton('End date')).toHaveTextContent('Sat, Mar 7, 2026');
    await chooseEmployer('Northwind');
    await userEvent.click(quickRangeButton('Current pay period'));
    expect(dateButton('Start date')).toHaveTextContent('Sun, Mar 1, 2026');
    expect(dateButton('End date')).toHaveTextContent('Tue, Mar 31, 2026');
  });

  it('uses the day in the user’s time zone, not the browser’s', async () => {
    // 02:00 UTC on Sunday, March 1 is still Saturday, February 28 in New York.
    fixToday('2026-03-01T02:00:00Z');
    mockReportsApi();
    await openPage();
    await userEvent.click(quickRangeButton('This week'));
    expect(dateButton('Start date')).toHaveTextContent('Sun, Feb 22, 2026');
  });
});

describe('the stored form', () => {
  it('is kept in localStorage and comes back on the next visit', async () => {
    fixToday();
    mockReportsApi();
    const first = await openPage();
    await chooseEmployer('Acme Studio');
    await userEvent.click(quickRangeButton('Last week'));
    await userEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Include notes' }));
    expect(stored()).toEqual({
      employerId: '1',
      startDate: '2026-02-22',
      endDate: '2026-02-28',
      format: 'csv',
      includeNotes: true,
      emailReport: false,
      emailTo: 'payroll@acme.example',
    });
    first.unmount();

    await openPage();
    expect(screen.getByRole('combobox', { name: 'Employer' })).toHaveTextContent('Acme Studio');
    expect(dateButton('Start date')).toHaveTextContent('Sun, Feb 22, 2026');
    expect(screen.getByRole('radio', { name: 'CSV' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Include notes' })).toBeChecked();
  });

  it('is cleared from storage when the page is unloaded', async () => {
    mockReportsApi();
    await openPage();
    await chooseEmployer('Northwind');
    expect(stored()).not.toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.localStorage.getItem(REPORT_FORM_KEY)).toBeNull();
  });

  it('drops a stored employer that no longer exists and ignores what it cannot read', async () => {
    window.localStorage.setItem(
      REPORT_FORM_KEY,
      JSON.stringify({ employerId: '99', startDate: 'soon', format: 'docx', emailReport: 'yes' }),
    );
    mockReportsApi();
    await openPage();
    expect(screen.getByRole('combobox', { name: 'Employer' })).toHaveTextContent(
      'Select an employer',
    );
    expect(dateButton('Start date')).toHaveTextContent('Pick a date');
    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email report' })).not.toBeChecked();
  });
});

describe('Prepare on an upcoming timesheet', () => {
  it('fills the form with its employer and period and moves focus to the form', async () => {
    mockReportsApi({ upcoming: [makeUpcoming()] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Upcoming timesheets' });
    await screen.findByRole('combobox', { name: 'Employer' });
    await userEvent.click(
      within(list).getByRole('button', { name: /^Prepare timesheet for Acme Studio/ }),
    );
    const employer = screen.getByRole('combobox', { name: 'Employer' });
    await waitFor(() => expect(employer).toHaveTextContent(acme.name));
    expect(employer).toHaveFocus();
    expect(dateButton('Start date')).toHaveTextContent('Sun, Feb 22, 2026');
    expect(dateButton('End date')).toHaveTextContent('Sat, Mar 7, 2026');
  });
});
