import { toast } from '@/components/ui/use-toast';
import { followLink, saveFile } from '@/lib/download';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { downloadTimesheet } from '../api/download-timesheet';

export const NO_DOWNLOAD_URL = 'No download URL available. Please generate the report again.';

/** The name to fall back on when the server's answer names no file. */
export function reportFileName(timesheet: Pick<Timesheet, 'id' | 'documentName' | 'format'>) {
  return timesheet.documentName ?? `timesheet-${timesheet.id}.${timesheet.format ?? 'pdf'}`;
}

export type DownloadOutcome = 'saved' | 'opened' | 'none';

/** If fetching fails the URL opens in a new tab, where the browser can still fetch it. */
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
