import { useQueryClient } from '@tanstack/react-query';
import { useRetryNotionSync } from '@/features/notion';
import { errorMessage } from '@/lib/error-message';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { cancelWorkLogLists, restoreLists, setNotionSyncInLists } from '../api/query-keys';
import { toastSyncFailed } from './notion-sync-toasts';

/**
 * Mirrors a failed log again: its badge turns to 'pending' at once, the lists are asked again
 * when the server has queued it (and keep asking while it is pending). A refusal (409: Notion
 * is not connected) puts the lists back and shows the server's message.
 */
export function useRetryWorkLogSync() {
  const queryClient = useQueryClient();
  const retry = useRetryNotionSync();
  return async (workLog: WorkLog) => {
    await cancelWorkLogLists(queryClient);
    const before = setNotionSyncInLists(queryClient, workLog.id, { state: 'pending', error: null });
    try {
      await retry.mutateAsync(workLog.id);
    } catch (error) {
      restoreLists(queryClient, before);
      toastSyncFailed(errorMessage(error, 'Unknown error'));
    }
  };
}
