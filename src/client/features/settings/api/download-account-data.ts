import { useMutation } from '@tanstack/react-query';
import { type DownloadedFile, fetchFile, saveFile } from '@/lib/download';

const FALLBACK_NAME = 'hourbook-data.json';

/** GET /api/account/export: everything the user owns as one JSON file. */
export function downloadAccountData(): Promise<DownloadedFile> {
  return fetchFile('/api/account/export', FALLBACK_NAME);
}

export function useDownloadAccountData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await downloadAccountData();
      saveFile(blob, fileName);
    },
  });
}
