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

/** GET /api/auth/gmail/status. A 401 reads as not connected. */
export async function getGmailStatus(signal?: AbortSignal): Promise<GmailStatus> {
  return (
    (await getJson<GmailStatus>('/api/auth/gmail/status', { on401: 'returnNull', signal })) ??
    notConnected
  );
}

/** docs/product/screens.md#talking-to-the-server: fresh 30 s, kept 5 min, 2 retries. Also prefetched at startup. */
export const gmailStatusQueryOptions = () =>
  queryOptions({
    queryKey: gmailStatusQueryKey,
    queryFn: ({ signal }) => getGmailStatus(signal),
    staleTime: 30_000,
    gcTime: FIVE_MINUTES,
    retry: 2,
  });

/**
 * The mail status. Settings passes `{ live: true }`: refetched on mount and on window focus
 * (docs/product/screens.md#talking-to-the-server); elsewhere the cached answer serves.
 */
export function useGmailStatus(options: { live?: boolean } = {}) {
  return useQuery({
    ...gmailStatusQueryOptions(),
    ...(options.live ? { refetchOnMount: 'always' as const, refetchOnWindowFocus: true } : {}),
  });
}
