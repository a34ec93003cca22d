/**
 * Builders for what the API answers: `makeThing(overrides)` gives a complete, valid object
 * with plain defaults; a test passes only what it is about. Every client test builds its
 * data here (one convention), and answers requests with `mockApi` (./mock-api.ts).
 */
import type { User } from '../../shared/schemas/auth.ts';
import type { DashboardSeries, DashboardStats } from '../../shared/schemas/dashboard.ts';
import type { Employer } from '../../shared/schemas/employers.ts';
import type { GmailStatus, MailSend } from '../../shared/schemas/mail-account.ts';
import type { NotionStatus } from '../../shared/schemas/notion.ts';
import type { Settings } from '../../shared/schemas/settings.ts';
import type { Timesheet, UpcomingTimesheet } from '../../shared/schemas/timesheets.ts';
import type { WorkLog } from '../../shared/schemas/work-logs.ts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'sam@example.com',
    firstName: 'Sam',
    lastName: 'Rivera',
    profileImageUrl: null,
    emailVerified: true,
    accountId: 'ACC-1',
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A version of an employer's rules without overtime or premiums, as the API answers it. */
export const noExtras = {
  overtime: { preset: 'none', workweekStartDay: 0, workweekStartTime: '00:00' },
  premiums: [],
} as const;

/** An employer as GET /api/employers answers it. */
export function makeEmployer(overrides: Partial<Employer> = {}): Employer {
  return {
    id: 1,
    userId: 1,
    name: 'Blue Bottle Cafe',
    hourlyRate: '24.50',
    employmentType: 'full-time',
    timesheetSchedule: 'weekly',
    contactEmail: null,
    phone: null,
    address: null,
    isActive: true,
    departments: [],
    taxRate: '0.00',
    taxMethod: 'add',
    roundingStep: 'none',
    roundingDirection: 'nearest',
    payPrecision: 'minutes',
    // Empty: screens read the fields above, as for an employer with one version.
    payRules: [],
    ...noExtras,
    holidayCountry: null,
    holidayRegion: null,
    payAnchorDate: null,
    payStartDays: [],
    paydayDays: 7,
    paydayWeekday: null,
    mileageRate: null,
    distanceUnit: 'km',
    brandColor: 'blue',
    shiftCount: 0,
    totalHours: '0.0',
    totalEarnings: '0.00',
    timesheetsSubmitted: 0,
    lastTimesheetDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The settings as GET /api/settings answers them (the stored defaults). */
export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    id: 1,
    userId: 1,
    defaultExportFormat: 'pdf',
    roundTime: 'none',
    taxCalculation: 'add',
    timeFormat: '12-hour',
    timeZone: 'America/New_York',
    currency: 'USD',
    includeSummary: true,
    csvFormat: 'comma',
    theme: 'light',
    paymentGraceDays: 3,
    remindTimesheetDue: false,
    remindPaydayMissed: false,
    ...overrides,
  };
}

/**
 * A work log as GET /api/work-logs answers it: Mon, Mar 2, 2026, 09:00 to 17:00 with a
 * 30-minute break (7.5 h) for Acme Studio at $25.00 an hour ($187.50). Another employer:
 * `makeWorkLog({ employer: { ...makeWorkLog().employer, name: 'Northwind' } })`.
 */
export function makeWorkLog(overrides: Partial<WorkLog> = {}): WorkLog {
  const employer = makeEmployer({ name: 'Acme Studio', hourlyRate: '25.00' });
  return {
    id: 10,
    userId: 1,
    employerId: employer.id,
    date: '2026-03-02',
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
    hourlyRateAtTime: '25.00',
    department: null,
    note: null,
    status: 'pending',
    hours: '7.5',
    paidMinutes: 450,
    earnings: '187.50',
    premiumEarnings: '0.00',
    overtimeEarnings: '0.00',
    payLines: [],
    manualPremiumIds: [],
    tipsCash: '0.00',
    tipsCard: '0.00',
    distance: null,
    mileageRateAtTime: null,
    distanceUnit: null,
    expenseAmount: '0.00',
    expenseNote: null,
    expenses: '0.00',
    receipt: null,
    employer: {
      id: employer.id,
      name: employer.name,
      hourlyRate: employer.hourlyRate,
      brandColor: employer.brandColor,
      departments: employer.departments,
      isActive: employer.isActive,
      taxRate: employer.taxRate,
    },
    notionSync: { state: 'off', error: null },
    createdAt: '2026-03-02T00:00:00.000Z',
    updatedAt: '2026-03-02T00:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/dashboard/stats for a week with two shifts at one employer (tax added). */
export function makeDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    period: 'week',
    from: '2026-03-01',
    to: '2026-03-07',
    weeklyHours: '12.5',
    earnings: '312.50',
    taxCalculation: 'add',
    tax: '46.88',
    totalDue: '359.38',
    tips: '0.00',
    expenses: '0.00',
    shifts: 2,
    activeEmployers: 1,
    weeklyHoursTrend: { percentage: 12.5, direction: 'up' },
    weeklyEarningsTrend: { percentage: 4, direction: 'down' },
    overtimeThisWeek: [],
    ...overrides,
  };
}

/** GET /api/dashboard/weekly-hours: Acme Studio worked 7.5 h on Monday and 5 h on Tuesday. */
export function makeDashboardSeries(overrides: Partial<DashboardSeries> = {}): DashboardSeries {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
  const hours: Record<string, string> = { '2026-03-02': '7.5', '2026-03-03': '5.0' };
  return {
    period: 'week',
    from: '2026-03-01',
    to: '2026-03-07',
    employers: [
      { id: 1, name: 'Acme Studio', brandColor: 'blue', hours: '12.5', earnings: '312.50' },
    ],
    days: [...days, '2026-03-06', '2026-03-07'].map((date) => ({
      date,
      hours: hours[date] ?? '0.0',
      byEmployer: hours[date] ? [{ employerId: 1, hours: hours[date] }] : [],
    })),
    ...overrides,
  };
}

/** A generated timesheet as GET /api/timesheets lists it: Acme Studio's first week of March 2026. */
export function makeTimesheet(overrides: Partial<Timesheet> = {}): Timesheet {
  return {
    id: 7,
    employerId: 1,
    employerName: 'Acme Studio',
    startDate: '2026-03-01',
    endDate: '2026-03-07',
    dueDate: '2026-03-08',
    status: 'generated',
    format: 'csv',
    totalHours: '15.5',
    totalEarnings: '387.50',
    tax: '58.13',
    totalDue: '445.63',
    expenses: '0.00',
    taxCalculation: 'add',
    roundingStep: 'none',
    roundingDirection: 'nearest',
    payPrecision: 'minutes',
    currency: 'USD',
    shifts: 2,
    documentName: 'timesheet-acme-studio-2026-03-01.csv',
    downloadUrl: '/api/timesheets/7/download',
    sentTo: null,
    sentAt: null,
    createdAt: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

/** A timesheet due next, as GET /api/timesheets/upcoming lists it (Acme Studio, bi-weekly). */
export function makeUpcoming(overrides: Partial<UpcomingTimesheet> = {}): UpcomingTimesheet {
  return {
    employerId: 1,
    employerName: 'Acme Studio',
    brandColor: 'blue',
    schedule: 'biweekly',
    startDate: '2026-02-22',
    endDate: '2026-03-07',
    dueDate: '2026-03-08',
    payday: '2026-03-14',
    generated: false,
    ...overrides,
  };
}

/** GET /api/auth/gmail/status: connected as ana@gmail.com unless told otherwise. */
export function makeGmailStatus(overrides: Partial<GmailStatus> = {}): GmailStatus {
  return {
    authorized: true,
    needsReauth: false,
    email: 'ana@gmail.com',
    configured: true,
    ...overrides,
  };
}

/** A message handed to the user's Gmail (POST /api/send-email-gmail), still queued. */
export function makeMailSend(overrides: Partial<MailSend> = {}): MailSend {
  return {
    id: 31,
    status: 'queued',
    to: 'payroll@acme.test',
    subject: 'Timesheet: Acme Studio Mar 1 – Mar 7, 2026',
    attachmentName: 'timesheet-acme-studio-2026-03-01.csv',
    timesheetId: 7,
    error: null,
    createdAt: '2026-03-08T10:00:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

/** GET /api/notion: connected to "Shifts", every property there, everything mirrored. */
export function makeNotionStatus(overrides: Partial<NotionStatus> = {}): NotionStatus {
  return {
    connected: true,
    state: 'ok',
    databaseId: '1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718',
    databaseTitle: 'Shifts',
    missingProperties: [],
    synced: 12,
    total: 12,
    pending: 0,
    failed: 0,
    ...overrides,
  };
}
