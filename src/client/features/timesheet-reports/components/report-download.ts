import { toast } from '@/components/ui/use-toast';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { downloadTimesheet } from '../api/download-timesheet';

export const NO_DOWNLOAD_URL = 'No download URL available. Please generate the report again.';

/** Follows a link the way a click would: a download, a mailto:, or a new tab. */
export function followLink(href: string, options: { download?: string; newTab?: boolean } = {}) {
  const link = document.createElement('a');
  link.href = href;
  if (options.download !== undefined) link.download = options.download;
  if (options.newTab) {
    link.target = '_blank';
    link.rel = 'noopener';
  }
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/** Hands the bytes to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  followLink(url, { download: fileName });
  // Revoked later, not at once: some browsers cancel a download whose URL is already gone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The name to fall back on when the server's answer names no file. */
export function reportFileName(timesheet: Pick<Timesheet, 'id' | 'documentName' | 'format'>) {
  return timesheet.documentName ?? `timesheet-${timesheet.id}.${timesheet.format ?? 'pdf'}`;
}

export type DownloadOutcome = 'saved' | 'opened' | 'none';

/**
 * Downloads a generated report: fetched, then saved under the server's file name. If that fails
 * the URL opens in a new tab, where the browser can still fetch it (SPEC.md §8 'Download
 * Error'). Returns the file name used and how the file was handed over.
 */
export async function downloadReport(
  url: string | null | undefined,
  fallbackName: string,
): Promise<{ outcome: DownloadOutcome; fileName: string }> {
  if (!url) {
    toast({ title: 'Download Error', description: NO_DOWNLOAD_URL, variant: 'destructive' });
    return { outcome: 'none', fileName: fallbackName };
  }
  try {
    const file = await downloadTimesheet(url, fallbackName);
    saveFile(file.blob, file.fileName);
    return { outcome: 'saved', fileName: file.fileName };
  } catch {
    followLink(url, { newTab: true });
    toast({
      title: 'Download Error',
      description: 'Unable to download the file',
      variant: 'destructive',
    });
    return { outcome: 'opened', fileName: fallbackName };
  }
}
