import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { invalidateWorkLogs } from '@/features/work-logs';
import { getJson, sendJson } from '@/lib/api-client';
import type { okResponseSchema } from '../../../../shared/schemas/auth.ts';
import type {
  NotionConnectBody,
  NotionStatus,
  NotionSync,
} from '../../../../shared/schemas/notion.ts';
import { notionStatusQueryKey } from './notion-status';

type Ok = z.infer<typeof okResponseSchema>;

export function connectNotion(body: NotionConnectBody): Promise<NotionStatus> {
  return sendJson<NotionStatus>('POST', '/api/notion/connect', body);
}

export function addNotionProperties(): Promise<NotionStatus> {
  return sendJson<NotionStatus>('POST', '/api/notion/properties');
}

export function disconnectNotion(): Promise<Ok> {
  return sendJson<Ok>('POST', '/api/notion/disconnect');
}

export function retryNotionSync(workLogId: number): Promise<NotionSync> {
  return sendJson<NotionSync>('POST', `/api/notion/sync/${workLogId}`);
}

function useNotionMutation<T, A>(fn: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      if (data && typeof data === 'object' && 'connected' in data) {
        queryClient.setQueryData(notionStatusQueryKey, data as unknown as NotionStatus);
      }
      void queryClient.invalidateQueries({ queryKey: notionStatusQueryKey });
      // What the work-log lists show changes with the mirror: they are asked again.
      void invalidateWorkLogs(queryClient);
    },
  });
}

export const useConnectNotion = () => useNotionMutation(connectNotion);
export const useAddNotionProperties = () => useNotionMutation(addNotionProperties);
export const useDisconnectNotion = () => useNotionMutation(disconnectNotion);
export const useRetryNotionSync = () => useNotionMutation(retryNotionSync);

export async function getNotionSync(
  workLogId: number,
  signal?: AbortSignal,
): Promise<NotionSync | null> {
  return getJson<NotionSync>(`/api/notion/sync/${workLogId}`, { on401: 'returnNull', signal });
}
