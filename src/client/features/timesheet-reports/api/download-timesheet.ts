import { type DownloadedFile, fetchFile } from '@/lib/download';

/** GET {downloadUrl}: the generated report's bytes and the name the server gives the file. */
export function downloadTimesheet(url: string, fallbackName: string): Promise<DownloadedFile> {
  return fetchFile(url, fallbackName);
}
