import { formatDuration, formatMoney } from '../../../../shared/domain/index.ts';
import { displayName } from '../../../../shared/names.ts';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { formatPeriod } from './report-text';

export type ReportEmail = {
  employerName: string;
  startDate: string;
  endDate: string;
  /** As the generated report states them: hours to 0.1 and money as decimal strings. */
  totalHours: string;
  totalDue: string;
  currency: string;
  senderName: string;
};

/** 'Timesheet: Acme Studio Mar 1 – Mar 7, 2026'. */
export function reportEmailSubject(
  email: Pick<ReportEmail, 'employerName' | 'startDate' | 'endDate'>,
): string {
  return `Timesheet: ${email.employerName} ${formatPeriod(email.startDate, email.endDate)}`;
}

/** A short cover note; the report itself is the attachment the user adds. */
export function reportEmailBody(email: ReportEmail): string {
  const period = formatPeriod(email.startDate, email.endDate);
  return [
    'Hello,',
    '',
    `Please find attached my timesheet for ${email.employerName} for ${period}.`,
    '',
    `Total hours: ${formatDuration(email.totalHours)}`,
    `Total due: ${formatMoney(email.totalDue, email.currency)}`,
    '',
    'Kind regards,',
    email.senderName,
  ].join('\n');
}

/** RFC 6068; spaces as %20, since a '+' shows as a plus in most mail apps. */
export function mailtoHref(to: string, subject: string, body: string): string {
  const address = encodeURIComponent(to.trim()).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export type EmailTarget = { timesheet: Timesheet; downloadUrl: string | null; to: string };

/** `file`: chosen instead of the report (null: the generated report is attached). */
export type EmailDraft = { to: string; subject: string; body: string; file: File | null };

export function initialDraft(target: EmailTarget, senderName: string): EmailDraft {
  const { timesheet } = target;
  return {
    to: target.to,
    subject: reportEmailSubject(timesheet),
    body: reportEmailBody({ ...timesheet, senderName }),
    file: null,
  };
}

export function senderNameOf(
  user: { firstName: string | null; lastName: string | null; email: string } | undefined,
): string {
  if (!user) return '';
  return displayName(user);
}
