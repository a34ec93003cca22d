import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeGmailStatus, makeMailSend, makeTimesheet, makeUpcoming } from '@/test/fixtures';
import { hang, json } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { desktop } from '@/test/viewport';
import {
  captureLinks,
  fixToday,
  mockReportsApi,
  northwind,
  openPage,
  renderPage,
  timesheetList,
} from './timesheet-reports.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const history = () => screen.getByRole('region', { name: 'Generated Reports' });
const upcoming = () => screen.getByRole('region', { name: 'Upcoming Timesheets' });

describe('the generated reports', () => {
  it('are listed newest first in a table on a wide screen, with a Download each', async () => {
    desktop();
    const links = captureLinks();
    const api = mockReportsApi({
      timesheets: timesheetList([
        makeTimesheet({ id: 7, status: 'sent' }),
        makeTimesheet({
          id: 6,
          employerId: northwind.id,
          employerName: northwind.name,
          startDate: '2026-02-01',
          endDate: '2026-02-28',
          format: 'pdf',
          totalHours: '120.0',
          totalDue: '4800.00',
          currency: 'EUR',
          documentName: 'northwind-february.pdf',
          downloadUrl: '/api/timesheets/6/download',
          createdAt: '2026-03-01T03:00:00.000Z',
        }),
      ]),
    });
    renderPage();
    const table = await within(history()).findByRole('table', { name: 'Generated reports' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Employer',
      'Period',
      'Generated',
      'Format',
      'Hours',
      'Total due',
      'Status',
      'Actions',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(
      'Acme StudioMar 1 – Mar 7, 2026Mar 4, 2026CSV15.5 h$445.63Sent',
    );
    // Generated at 03:00 UTC on March 1: still February 28 in New York.
    expect(second).toHaveTextContent(
      'NorthwindFeb 1 – Feb 28, 2026Feb 28, 2026PDF120.0 h€4,800.00Generated',
    );
    expect(within(history()).getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(api.calls('GET /api/timesheets?page=1&pageSize=10')).toHaveLength(1);

    api.use({
      'GET /api/timesheets/6/download': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Disposition': "attachment; filename*=UTF-8''northwind-f%C3%A9vrier.pdf",
          },
        }),
    });
    await userEvent.click(
      within(second!).getByRole('button', {
        name: 'Download the report for Northwind, Feb 1 – Feb 28, 2026',
      }),
    );
    await waitFor(() => expect(links.followed).toHaveLength(1));
    expect(links.followed[0]?.download).toBe('northwind-février.pdf');
  });

  it('are cards under 768 px', async () => {
    mockReportsApi({ timesheets: timesheetList([makeTimesheet()]) });
    renderPage();
    const cards = await within(history()).findByRole('list', { name: 'Generated reports' });
    const [card] = within(cards).getAllByRole('listitem');
    expect(within(card!).getByRole('heading', { name: 'Acme Studio' })).toBeInTheDocument();
    expect(card).toHaveTextContent('$445.63');
    expect(within(history()).queryByRole('table')).toBeNull();
  });

  it('come a page at a time', async () => {
    const page = (n: number) =>
      Array.from({ length: 10 }, (_, i) => makeTimesheet({ id: 100 - (n - 1) * 10 - i }));
    const api = mockReportsApi({
      routes: {
        'GET /api/timesheets?page=1&pageSize=10': { ...timesheetList(page(1), 12) },
        'GET /api/timesheets?page=2&pageSize=10': {
          ...timesheetList(page(2).slice(0, 2), 12),
          page: 2,
        },
      },
    });
    renderPage();
    expect(await within(history()).findByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(within(history()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(history()).getByRole('button', { name: 'Next' }));
    expect(await within(history()).findByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(within(history()).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.calls('GET /api/timesheets?page=2&pageSize=10')).toHaveLength(1);
  });

  it('lose a row only after Delete is confirmed, and say so', async () => {
    desktop();
    let deleted = false;
    const twin = makeTimesheet({ id: 8 });
    const api = mockReportsApi({
      routes: {
        'GET /api/timesheets': () =>
          timesheetList(deleted ? [makeTimesheet({ id: 7 })] : [twin, makeTimesheet({ id: 7 })]),
        'DELETE /api/timesheets/8': () => {
          deleted = true;
          return { success: true };
        },
      },
    });
    renderPage();
    const table = await within(history()).findByRole('table', { name: 'Generated reports' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const deleteButtons = within(table).getAllByRole('button', { name: /^Delete the report for/ });
    // Cancel first: nothing is sent.
    await userEvent.click(deleteButtons[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this report?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/timesheets/8')).toHaveLength(0);

    await userEvent.click(deleteButtons[0] as HTMLElement);
    const again = await screen.findByRole('alertdialog', { name: 'Delete this report?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Report deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.calls('DELETE /api/timesheets/8')).toHaveLength(1);
  });

  it('say so when there are none yet', async () => {
    mockReportsApi();
    renderPage();
    expect(await within(history()).findByText('No reports yet')).toBeInTheDocument();
  });

  it('show a loading status while they load', () => {
    mockReportsApi({ routes: { 'GET /api/timesheets': hang } });
    renderPage();
    expect(within(history()).getByRole('status')).toHaveTextContent('Loading generated reports');
  });

  it('show an error with a Retry that asks again', async () => {
    const api = mockReportsApi({
      routes: { 'GET /api/timesheets': () => new Response('boom', { status: 500 }) },
    });
    renderPage();
    const alert = await within(history()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch reports');
    api.use({ 'GET /api/timesheets': timesheetList([makeTimesheet()]) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(history()).findByText('$445.63')).toBeInTheDocument();
  });
});

describe('a report sent through Gmail', () => {
  const sent = makeTimesheet({
    status: 'sent',
    sentTo: 'payroll@acme.example',
    // Sent late on March 8 in New York: already March 9 in UTC.
    sentAt: '2026-03-09T02:00:00.000Z',
  });

  it('says to whom and on which day, in the table', async () => {
    desktop();
    mockReportsApi({ timesheets: timesheetList([sent, makeTimesheet({ id: 6 })]) });
    renderPage();
    const table = await within(history()).findByRole('table', { name: 'Generated reports' });
    const [, first, second] = within(table).getAllByRole('row');
    // Under the 'Sent' badge, on two short lines; the whole sentence on hover.
    expect(first).toHaveTextContent(/Sent\s*to payroll@acme\.example\s*on Mar 8, 2026/);
    expect(
      within(first as HTMLElement).getByTitle('Sent to payroll@acme.example on Mar 8, 2026'),
    ).toBeInTheDocument();
    expect(second).not.toHaveTextContent('to payroll@');
  });

  it('says to whom and on which day, on the cards', async () => {
    mockReportsApi({ timesheets: timesheetList([sent]) });
    renderPage();
    const cards = await within(history()).findByRole('list', { name: 'Generated reports' });
    expect(within(cards).getByRole('listitem')).toHaveTextContent(
      'Sent to payroll@acme.example on Mar 8, 2026',
    );
  });
});

describe('emailing a report from the history', () => {
  const emailButton = () =>
    within(history()).findByRole('button', {
      name: 'Email the report for Acme Studio, Mar 1 – Mar 7, 2026',
    });

  it('opens the Gmail message to the employer’s contact, sends it and shows it sent', async () => {
    desktop();
    const api = mockReportsApi({
      gmail: makeGmailStatus(),
      timesheets: timesheetList([makeTimesheet()]),
      routes: {
        'POST /api/send-email-gmail': () => json(makeMailSend(), 202),
        'GET /api/send-email-gmail/31': makeMailSend({ status: 'sent' }),
      },
    });
    // The form's chunk holds the e-mail dialogs too: waiting for it keeps the test quick to open them.
    await openPage();
    await userEvent.click(await emailButton());
    const compose = await screen.findByRole('dialog', { name: 'Compose Email' });
    expect(within(compose).getByRole('textbox', { name: 'To' })).toHaveValue(
      'payroll@acme.example',
    );
    expect(within(compose).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Timesheet: Acme Studio Mar 1 – Mar 7, 2026',
    );

    // Once sent, the server lists the report as sent.
    api.use({
      'GET /api/timesheets': timesheetList([
        makeTimesheet({
          status: 'sent',
          sentTo: 'payroll@acme.example',
          sentAt: '2026-03-08T15:00:00.000Z',
        }),
      ]),
    });
    await userEvent.click(within(compose).getByRole('button', { name: 'Send Email' }));
    expect(await findToast('Email Sent Successfully', { timeout: 3_000 })).toBeInTheDocument();
    expect(api.calls('POST /api/send-email-gmail')[0]?.body).toMatchObject({ timesheetId: 7 });
    expect(
      await within(history()).findByTitle('Sent to payroll@acme.example on Mar 8, 2026'),
    ).toBeInTheDocument();
  });

  it('offers the way to connect Gmail, or to email it manually, when Gmail is not connected', async () => {
    mockReportsApi({ timesheets: timesheetList([makeTimesheet()]) });
    // The form's chunk holds the e-mail dialogs too: waiting for it keeps the test quick to open them.
    await openPage();
    await userEvent.click(await emailButton());
    const dialog = await screen.findByRole('dialog', { name: 'Email the Report' });
    expect(
      within(dialog).getByText('How would you like to send it to payroll@acme.example?'),
    ).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Settings → Export' })).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Download and email manually' }),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => expect(await emailButton()).toHaveFocus());
  });
});

describe('the upcoming timesheets', () => {
  it('show each employer’s next period with how soon it is due and whether it is done', async () => {
    fixToday();
    mockReportsApi({
      upcoming: [
        makeUpcoming({ dueDate: '2026-03-02', startDate: '2026-02-08', endDate: '2026-02-21' }),
        makeUpcoming({
          employerId: northwind.id,
          employerName: northwind.name,
          schedule: 'monthly',
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          dueDate: '2026-04-01',
          generated: true,
        }),
        makeUpcoming({ employerId: 3, employerName: 'Harbour Co', dueDate: '2026-03-04' }),
        makeUpcoming({ employerId: 4, employerName: 'Kiln Works', dueDate: '2026-03-05' }),
      ],
    });
    renderPage();
    const list = await within(upcoming()).findByRole('list', { name: 'Upcoming timesheets' });
    const [acmeCard, northwindCard, harbour, kiln] = within(list).getAllByRole('listitem');
    expect(acmeCard).toHaveTextContent('Feb 8 – Feb 21, 2026');
    expect(acmeCard).toHaveTextContent('Mar 2, 2026 · Overdue by 2 days');
    expect(northwindCard).toHaveTextContent('Apr 1, 2026 · Due in 28 days');
    expect(within(northwindCard!).getByText('Generated')).toBeInTheDocument();
    expect(harbour).toHaveTextContent('Due today');
    expect(kiln).toHaveTextContent('Due tomorrow');
  });

  it('say so when there are none', async () => {
    mockReportsApi();
    renderPage();
    expect(await within(upcoming()).findByText('No upcoming timesheets')).toBeInTheDocument();
  });

  it('show an error with a Retry that asks again', async () => {
    const api = mockReportsApi({
      routes: { 'GET /api/timesheets/upcoming': () => new Response('boom', { status: 500 }) },
    });
    renderPage();
    const alert = await within(upcoming()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch upcoming timesheets');
    api.use({ 'GET /api/timesheets/upcoming': [makeUpcoming()] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(upcoming()).findByRole('button', { name: /^Prepare timesheet for Acme Studio/ }),
    ).toBeInTheDocument();
  });
});
