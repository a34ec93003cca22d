import { apiRequest } from './api-client';

export type DownloadedFile = { blob: Blob; fileName: string };

/** RFC 6266: `filename*` (UTF-8) when given, else `filename`; null when there is none. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

export async function fetchFile(url: string, fallbackName: string): Promise<DownloadedFile> {
  const res = await apiRequest('GET', url);
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName;
  return { blob: await res.blob(), fileName };
}

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

/** Some browsers cancel a download whose URL is gone. */
export const OBJECT_URL_LIFETIME_MS = 60_000;

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  followLink(url, { download: fileName });
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
