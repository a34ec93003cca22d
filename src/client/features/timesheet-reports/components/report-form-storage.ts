import { isValidDate } from '../../../../shared/domain/index.ts';
import type { ReportFormValues } from './report-form-values';

/** Kept here, not in lib/storage-keys.ts: only this feature reads or writes it. */
export const REPORT_FORM_KEY = 'timesheetReportForm';

/** The stored form, field by field; anything missing, unreadable or of another shape is left out. */
export function readStoredReportForm(): Partial<ReportFormValues> | null {
  let value: Record<string, unknown>;
  try {
    const text = window.localStorage.getItem(REPORT_FORM_KEY);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    value = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const stored: Partial<ReportFormValues> = {};
  if (typeof value.employerId === 'string' && /^\d{1,10}$/.test(value.employerId)) {
    stored.employerId = value.employerId;
  }
  for (const key of ['startDate', 'endDate'] as const) {
    const date = value[key];
    if (typeof date === 'string' && isValidDate(date)) stored[key] = date;
  }
  if (value.format === 'pdf' || value.format === 'csv') stored.format = value.format;
  for (const key of ['includeNotes', 'emailReport'] as const) {
    if (typeof value[key] === 'boolean') stored[key] = value[key];
  }
  if (typeof value.emailTo === 'string') stored.emailTo = value.emailTo.slice(0, 254);
  return stored;
}

export function writeStoredReportForm(values: ReportFormValues): void {
  try {
    window.localStorage.setItem(REPORT_FORM_KEY, JSON.stringify(values));
  } catch {
    // Storage blocked: the form lasts while the page stays open.
  }
}

export function clearStoredReportForm(): void {
  try {
    window.localStorage.removeItem(REPORT_FORM_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

// Survives moving between pages, not leaving the app (docs/product/screens.md#timesheet-reports);
// 'pagehide', unlike 'beforeunload', fires on mobile and keeps the back/forward cache.
if (typeof window !== 'undefined') window.addEventListener('pagehide', clearStoredReportForm);
