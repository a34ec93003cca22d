import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { FIVE_MINUTES } from '@/lib/cache-times';
import type { GmailStatus } from '../../../../shared/schemas/mail-account.ts';

export const gmailStatusQueryKey = ['/api/auth/gmail/status'] as const;

const notConnected: GmailStatus = {
  authorized: false,
  needsReauth: false,
  email: null,
  configured: true,
};

export async function getGmailStatus(signal?: AbortSignal): Promise<GmailStatus> {
  return (
    (await getJson<GmailStatus>('/api/auth/gmail/status', { on401: 'returnNull', signal })) ??
    notConnected
  );
}

/** docs/product/screens.md#talking-to-the-server. */
export const gmailStatusQueryOptions = () =>
  queryOptions({
    queryKey: gmailStatusQueryKey,
    queryFn: ({ signal }) => getGmailStatus(signal),
    staleTime: 30_000,
    gcTime: FIVE_MINUTES,
    retry: 2,
  });

/** Settings passes `live` (docs/product/screens.md#talking-to-the-server); elsewhere the cache serves. */
export function useGmailStatus(options: { live?: boolean } = {}) {
  return useQuery({
    ...gmailStatusQueryOptions(),
    ...(options.live ? { refetchOnMount: 'always' as const, refetchOnWindowFocus: true } : {}),
  });
}
