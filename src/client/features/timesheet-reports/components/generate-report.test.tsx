import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, hang, json } from '@/test/mock-api';
import { findToast } from '@/test/render';
import {
  captureLinks,
  generated,
  mockReportsApi,
  openPage,
  storeAcmeWeek,
} from './timesheet-reports.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const generateButton = (name: string | RegExp = 'Generate Report') =>
  screen.getByRole('button', { name });

describe('generating a report', () => {
  it('sends the form, shows the four button states and opens the Report Generated dialog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    storeAcmeWeek({ format: 'csv', includeNotes: true });
    let answer: (response: Response) => void = () => {};
    const api = mockReportsApi({
      routes: {
        'POST /api/timesheets/generate': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    await openPage();
    await user.click(generateButton());
    expect(generateButton('Generating...')).toHaveAttribute('aria-disabled', 'true');
    expect(api.calls('POST /api/timesheets/generate')[0]?.body).toEqual({
      employerId: 1,
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      format: 'csv',
      includeNotes: true,
      emailReport: false,
      emailTo: '',
    });

    await act(async () => answer(json(generated(), 201)));
    const dialog = await screen.findByRole('dialog', { name: 'Report Generated' });
    expect(
      within(dialog).getByText('Acme Studio, Mar 1 – Mar 7, 2026 · 2 shifts · CSV'),
    ).toBeVisible();
    const totals = within(dialog).getByLabelText('Report totals', { selector: 'dl' });
    expect(totals).toHaveTextContent('Total hours15.5 h');
    expect(totals).toHaveTextContent('Tax added+$58.13');
    expect(totals).toHaveTextContent('Total due$445.63');
    expect(await findToast('Report Generated')).toHaveTextContent(
      'Acme Studio, Mar 1 – Mar 7, 2026: 15.5 h, $445.63 due.',
    );
    // The open dialog hides the page from the accessibility tree; the button is still there.
    expect(screen.getByRole('button', { name: 'Generated', hidden: true })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1800));
    expect(screen.queryByRole('button', { name: 'Generate Report', hidden: true })).toBeNull();
    await act(async () => vi.advanceTimersByTime(300));
    expect(
      screen.getByRole('button', { name: 'Generate Report', hidden: true }),
    ).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('downloads the file under the name the server gives it', async () => {
    storeAcmeWeek();
    const links = captureLinks();
    const api = mockReportsApi();
    await openPage();
    await userEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: 'Report Generated' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(links.followed).toHaveLength(1));
    expect(api.calls('GET /api/timesheets/7/download')).toHaveLength(1);
    expect(links.followed[0]).toMatchObject({
      href: 'blob:report-1',
      download: 'timesheet-acme-studio-2026-03-01.csv',
    });
    expect(await links.blobs[0]?.text()).toBe('Date,Hours\n2026-03-02,7.5\n');
  });

  it('gives the focus back to Generate Report when the Report Generated dialog closes', async () => {
    storeAcmeWeek();
    mockReportsApi();
    await openPage();
    await userEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: 'Report Generated' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as Element);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Generate/ })).toHaveFocus());
  });

  it('opens the file in a new tab and says so when the download fails', async () => {
    storeAcmeWeek();
    const links = captureLinks();
    mockReportsApi({
      routes: { 'GET /api/timesheets/7/download': () => new Response('gone', { status: 500 }) },
    });
    await openPage();
    await userEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: 'Report Generated' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await findToast('Download Error')).toHaveTextContent('Unable to download the file');
    expect(links.followed).toEqual([
      {
        href: `${window.location.origin}/api/timesheets/7/download`,
        download: '',
        target: '_blank',
      },
    ]);
  });

  it('says there is nothing to download when the answer has no download URL', async () => {
    storeAcmeWeek();
    mockReportsApi({
      routes: {
        'POST /api/timesheets/generate': () => json({ ...generated(), downloadUrl: '' }, 201),
      },
    });
    await openPage();
    await userEvent.click(generateButton());
    expect(
      await findToast('No download URL available. Please generate the report again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Failed to generate report. Please try again.' when the server fails, and is ready again after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    storeAcmeWeek();
    mockReportsApi({
      routes: {
        'POST /api/timesheets/generate': apiError(500, 'internal_error', 'Something went wrong'),
      },
    });
    await openPage();
    await user.click(generateButton());
    expect(await findToast('Failed to generate report. Please try again.')).toBeInTheDocument();
    expect(generateButton('Try Again')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2800));
    expect(generateButton('Try Again')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(300));
    expect(generateButton()).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.useRealTimers();
  });

  it("shows the server's message, and puts a field's message under that field", async () => {
    storeAcmeWeek();
    mockReportsApi({
      routes: {
        'POST /api/timesheets/generate': apiError(400, 'validation_failed', 'Check the dates', {
          endDate: 'A report can cover at most 10 years',
        }),
      },
    });
    await openPage();
    await userEvent.click(generateButton());
    expect(await findToast('Check the dates')).toBeInTheDocument();
    expect(screen.getByText('A report can cover at most 10 years')).toBeInTheDocument();
  });

  it('refreshes the history and the upcoming timesheets afterwards', async () => {
    storeAcmeWeek();
    const api = mockReportsApi();
    await openPage();
    await waitFor(() => expect(api.calls('GET /api/timesheets/upcoming')).toHaveLength(1));
    const before = api.calls('GET /api/timesheets').length;
    await userEvent.click(generateButton());
    await screen.findByRole('dialog', { name: 'Report Generated' });
    await waitFor(() => expect(api.calls('GET /api/timesheets/upcoming')).toHaveLength(2));
    expect(api.calls('GET /api/timesheets').length).toBeGreaterThan(before);
  });

  it('ignores a second press while generating', async () => {
    storeAcmeWeek();
    const api = mockReportsApi({ routes: { 'POST /api/timesheets/generate': hang } });
    await openPage();
    await userEvent.click(generateButton());
    await userEvent.click(generateButton('Generating...'));
    expect(api.calls('POST /api/timesheets/generate')).toHaveLength(1);
  });
});

describe('emailing a report', () => {
  it('asks how to send it, then downloads the file and opens a mailto: message to the recipient', async () => {
    storeAcmeWeek({ emailReport: true, emailTo: 'payroll@acme.example' });
    const links = captureLinks();
    mockReportsApi();
    await openPage();
    await userEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: 'Email the Report' });
    expect(screen.queryByRole('dialog', { name: 'Report Generated' })).toBeNull();
    expect(
      within(dialog).getByText('How would you like to send it to payroll@acme.example?'),
    ).toBeVisible();

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Download and email manually' }),
    );
    await waitFor(() => expect(links.followed).toHaveLength(2));
    const [file, mail] = links.followed;
    expect(file?.download).toBe('timesheet-acme-studio-2026-03-01.csv');
    const href = new URL(mail!.href);
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('payroll@acme.example');
    expect(href.searchParams.get('subject')).toBe('Timesheet: Acme Studio Mar 1 – Mar 7, 2026');
    const body = href.searchParams.get('body') ?? '';
    expect(body).toContain('Total hours: 15.5 h');
    expect(body).toContain('Total due: $445.63');
    expect(body).toContain('Sam Rivera');
    // Spaces travel as %20: a '+' would show as a plus in most mail apps.
    expect(mail!.href).not.toContain('+');

    expect(await findToast('Attach the report')).toHaveTextContent(
      'Attach timesheet-acme-studio-2026-03-01.csv, which was just downloaded.',
    );
    const again = within(dialog).getByRole('link', { name: 'Open the email again' });
    expect(again).toHaveAttribute('href', mail!.href);
    expect(again).toHaveFocus();
  });

  it('still downloads the file and asks the user to attach it when the mail app cannot be opened', async () => {
    storeAcmeWeek({ emailReport: true, emailTo: 'payroll@acme.example' });
    const links = captureLinks({ refuse: (href) => href.startsWith('mailto:') });
    mockReportsApi();
    await openPage();
    await userEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: 'Email the Report' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Download and email manually' }),
    );
    expect(await findToast('Email Error')).toHaveTextContent(
      'timesheet-acme-studio-2026-03-01.csv was downloaded: attach it to an email to payroll@acme.example manually.',
    );
    expect(links.followed.map((l) => l.download)).toEqual(['timesheet-acme-studio-2026-03-01.csv']);
  });
});
