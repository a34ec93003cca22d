import { describe, expect, it } from 'vitest';
import { mailtoHref, reportEmailBody, reportEmailSubject } from './report-email';
import { dueLabel, formatPeriod, formatShortDate } from './report-text';

describe('report texts', () => {
  it('write a period short within a year and in full across years', () => {
    expect(formatPeriod('2026-03-01', '2026-03-07')).toBe('Mar 1 – Mar 7, 2026');
    expect(formatPeriod('2025-12-28', '2026-01-03')).toBe('Dec 28, 2025 – Jan 3, 2026');
    expect(formatShortDate('2026-02-28')).toBe('Feb 28, 2026');
    expect(formatPeriod('soon', '2026-01-03')).toBe('soon – 2026-01-03');
  });

  it('say how soon a timesheet is due, counted in calendar days', () => {
    expect(dueLabel('2026-03-04', '2026-03-04')).toBe('Due today');
    expect(dueLabel('2026-03-04', '2026-03-05')).toBe('Due tomorrow');
    expect(dueLabel('2026-03-04', '2026-03-07')).toBe('Due in 3 days');
    expect(dueLabel('2026-03-04', '2026-03-03')).toBe('Overdue by 1 day');
    expect(dueLabel('2026-03-01', '2026-02-26')).toBe('Overdue by 3 days');
  });
});

describe('the report e-mail', () => {
  const email = {
    employerName: 'Acme & Sons',
    startDate: '2026-03-01',
    endDate: '2026-03-07',
    totalHours: '15.5',
    totalDue: '445.63',
    currency: 'USD',
    senderName: 'Sam Rivera',
  };

  it('has a subject naming the employer and the period, and a body with the totals', () => {
    expect(reportEmailSubject(email)).toBe('Timesheet: Acme & Sons Mar 1 – Mar 7, 2026');
    const body = reportEmailBody(email);
    expect(body).toContain('my timesheet for Acme & Sons for Mar 1 – Mar 7, 2026.');
    expect(body).toContain('Total hours: 15.5 h\nTotal due: $445.63');
    expect(body.endsWith('Kind regards,\nSam Rivera')).toBe(true);
  });

  it('opens as a mailto: link whose parts read back exactly as written', () => {
    const subject = reportEmailSubject(email);
    const body = reportEmailBody(email);
    const href = mailtoHref(' payroll@acme.example ', subject, body);
    expect(
      href.startsWith('mailto:payroll@acme.example?subject=Timesheet%3A%20Acme%20%26%20Sons'),
    ).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe(subject);
    expect(url.searchParams.get('body')).toBe(body);
  });
});
