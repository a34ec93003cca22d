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

/**
 * A mailto: link (RFC 6068): the address as typed ('@' kept readable), subject and body
 * percent-encoded, with spaces as %20 (a '+' would show as a plus in most mail apps).
 */
export function mailtoHref(to: string, subject: string, body: string): string {
  const address = encodeURIComponent(to.trim()).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** A report on its way to someone: the timesheet, where to fetch its file, and the recipient. */
export type EmailTarget = { timesheet: Timesheet; downloadUrl: string | null; to: string };

/**
 * What the user writes (docs/product/screens.md#timesheet-reports), kept while they move between the methods,
 * and the file they chose instead of the report (null: the generated report is attached).
 */
export type EmailDraft = { to: string; subject: string; body: string; file: File | null };

/** The message as first offered: the report's subject and cover note, the report attached. */
export function initialDraft(target: EmailTarget, senderName: string): EmailDraft {
  const { timesheet } = target;
  return {
    to: target.to,
    subject: reportEmailSubject(timesheet),
    body: reportEmailBody({ ...timesheet, senderName }),
    file: null,
  };
}

/** The user's name under the cover note: full name, else the e-mail address. */
export function senderNameOf(
  user: { firstName: string | null; lastName: string | null; email: string } | undefined,
): string {
  if (!user) return '';
  return displayName(user);
}
