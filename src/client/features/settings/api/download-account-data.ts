import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const FALLBACK_NAME = 'hourbook-data.json';

/**
 * The file name of a Content-Disposition header: RFC 6266's `filename*` (UTF-8, encoded)
 * first, else `filename`; null when there is none.
 */
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
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/** GET /api/account/export: everything the user owns as one JSON file. */
export async function downloadAccountData(): Promise<{ blob: Blob; fileName: string }> {
  const res = await apiRequest('GET', '/api/account/export');
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition'));
  return { blob: await res.blob(), fileName: fileName || FALLBACK_NAME };
}

/** Hands a file to the browser's downloads through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file after click() returns; give them a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadAccountData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await downloadAccountData();
      saveFile(blob, fileName);
    },
  });
}
