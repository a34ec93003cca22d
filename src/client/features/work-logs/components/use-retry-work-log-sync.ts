import { useQueryClient } from '@tanstack/react-query';
import { useRetryNotionSync } from '@/features/notion';
import { errorMessage } from '@/lib/error-message';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { cancelWorkLogLists, restoreLists, setNotionSyncInLists } from '../api/query-keys';
import { toastSyncFailed } from './notion-sync-toasts';

/** The badge turns 'pending' at once; a refusal (409: Notion not connected) puts the lists back. */
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
