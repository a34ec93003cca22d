import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { NotionStatus } from '../../../../shared/schemas/notion.ts';

export const notionStatusQueryKey = ['/api/notion'] as const;

const notConnected: NotionStatus = {
  connected: false,
  state: null,
  databaseId: null,
  databaseTitle: null,
  missingProperties: [],
  synced: 0,
  total: 0,
  pending: 0,
  failed: 0,
};

/** A 401 reads as not connected. */
export async function getNotionStatus(signal?: AbortSignal): Promise<NotionStatus> {
  return (
    (await getJson<NotionStatus>('/api/notion', { on401: 'returnNull', signal })) ?? notConnected
  );
}

export const notionStatusQueryOptions = () =>
  queryOptions({
    queryKey: notionStatusQueryKey,
    queryFn: ({ signal }) => getNotionStatus(signal),
  });

/** `pollWhilePending`: asked every 2 s while logs wait, so the first mirror's progress moves. */
export function useNotionStatus(options: { pollWhilePending?: boolean } = {}) {
  return useQuery({
    ...notionStatusQueryOptions(),
    ...(options.pollWhilePending
      ? {
          refetchInterval: (query: { state: { data?: NotionStatus } }) =>
            (query.state.data?.pending ?? 0) > 0 ? 2000 : false,
        }
      : {}),
  });
}
