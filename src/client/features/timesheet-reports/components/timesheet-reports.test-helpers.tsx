import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';
import {
  makeEmployer,
  makeGmailStatus,
  makeSettings,
  makeTimesheet,
  makeUser,
  makeWorkLog,
} from '@/test/fixtures';
import { json, mockApi, type Routes } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { GmailStatus } from '../../../../shared/schemas/mail-account.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import type {
  GenerateTimesheetResponse,
  Timesheet,
  TimesheetList,
  UpcomingTimesheet,
} from '../../../../shared/schemas/timesheets.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { REPORT_FORM_KEY } from './report-form-storage';
import { TimesheetReportsPage } from './timesheet-reports-page';

/** What the Timesheet Reports tests share: their data, the network, the page, a few steps. */

/** Acme Studio: $25.00 an hour, 15 % tax, bi-weekly, with a contact address. */
export const acme = makeEmployer({
  id: 1,
  name: 'Acme Studio',
  hourlyRate: '25.00',
  taxRate: '15.00',
  timesheetSchedule: 'biweekly',
  contactEmail: 'payroll@acme.example',
});
/** Northwind: monthly, no contact address, no tax. */
export const northwind = makeEmployer({
  id: 2,
  name: 'Northwind',
  hourlyRate: '40.00',
  timesheetSchedule: 'monthly',
});

/** Two Acme shifts: 7.5 h ($187.50) in Design, and 8.0 h ($200.00) with no department. */
export const acmeLogs: WorkLog[] = [
  makeWorkLog({ id: 11, date: '2026-03-02', department: 'Design', note: 'Logo sketches' }),
  makeWorkLog({
    id: 12,
    date: '2026-03-03',
    startTime: '22:00',
    endTime: '06:00',
    breakDuration: 0,
    hours: '8.0',
    paidMinutes: 480,
    earnings: '200.00',
  }),
];

export const timesheetList = (items: Timesheet[], total = items.length): TimesheetList => ({
  items,
  total,
  page: 1,
  pageSize: 10,
});

export const generated = (
  overrides: Partial<Timesheet> = {},
  reused = false,
): GenerateTimesheetResponse => ({
  downloadUrl: '/api/timesheets/7/download',
  timesheet: makeTimesheet(overrides),
  reused,
});

/** The CSV file GET {downloadUrl} answers, named by its Content-Disposition. */
export const reportFile = (name = 'timesheet-acme-studio-2026-03-01.csv') =>
  new Response('Date,Hours\n2026-03-02,7.5\n', {
    headers: {
      'Content-Type': 'text/csv',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

type PageApi = {
  employers?: Employer[];
  settings?: Settings;
  logs?: WorkLog[];
  timesheets?: TimesheetList;
  upcoming?: UpcomingTimesheet[];
  /** The mailbox; not connected unless a test connects it. */
  gmail?: GmailStatus;
  routes?: Routes;
};

/** Gmail, set up on this server but not connected by the user. */
export const gmailNotConnected = makeGmailStatus({ authorized: false, email: null });

/** The page's data on the network; `routes` adds or replaces answers. */
export function mockReportsApi({
  employers = [acme, northwind],
  settings = makeSettings(),
  logs = acmeLogs,
  timesheets = timesheetList([]),
  upcoming = [],
  gmail = gmailNotConnected,
  routes = {},
}: PageApi = {}) {
  return mockApi({
    'GET /api/settings': settings,
    'GET /api/employers': employers,
    'GET /api/auth/me': { user: makeUser() },
    // Newest first, as the server lists them; the preview puts them in date order.
    'GET /api/work-logs': [...logs].reverse(),
    'GET /api/timesheets': timesheets,
    'GET /api/timesheets/upcoming': upcoming,
    'POST /api/timesheets/generate': () => json(generated(), 201),
    'GET /api/timesheets/7/download': () => reportFile(),
    'GET /api/auth/gmail/status': gmail,
    ...routes,
  });
}

export function renderPage() {
  return renderWithProviders(<TimesheetReportsPage />, { path: '/timesheet-reports' });
}

/**
 * The page with its form loaded. The form is a lazy chunk: the first test of a file waits for
 * it to be transformed, which takes more than findBy's second when files run side by side.
 */
export async function openPage() {
  const view = renderPage();
  await screen.findByRole('combobox', { name: 'Employer' }, { timeout: 8000 });
  return view;
}

export async function chooseEmployer(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Employer' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

export const quickRangeButton = (name: string) => screen.getByRole('button', { name });

/** "Today" is Wednesday, March 4, 2026, 10:00 in New York, until the test ends. */
export function fixToday(iso = '2026-03-04T15:00:00Z') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/**
 * Every link the page follows (downloads, mailto:, new tabs), recorded instead of followed.
 * `refuse` makes following matching links throw, as a browser with no mail app may.
 */
export function captureLinks({ refuse }: { refuse?: (href: string) => boolean } = {}) {
  const followed: { href: string; download: string; target: string }[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (refuse?.(this.href)) throw new Error(`Cannot open ${this.href}`);
    followed.push({ href: this.href, download: this.download, target: this.target });
  });
  const blobs: Blob[] = [];
  // jsdom has no object URLs: each saved file gets a made-up one, and the blob is kept.
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:report-${blobs.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  onTestFinished(() => click.mockRestore());
  return { followed, blobs };
}

/** A form already holding Acme Studio and the first week of March 2026 (as left last time). */
export function storeAcmeWeek(more: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    REPORT_FORM_KEY,
    JSON.stringify({ employerId: '1', startDate: '2026-03-01', endDate: '2026-03-07', ...more }),
  );
}
