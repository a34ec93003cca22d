import { apiRequest } from '@/lib/api-client';

export type ReportFile = { blob: Blob; fileName: string };

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) when given,
 * else `filename`; null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

/** GET {downloadUrl}: the generated report's bytes and the name the server gives the file. */
export async function downloadTimesheet(url: string, fallbackName: string): Promise<ReportFile> {
  const res = await apiRequest('GET', url);
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName;
  return { blob: await res.blob(), fileName };
}
