import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '@/lib/api-client';
import type { adminStatusResponseSchema } from '../../../../shared/schemas/auth.ts';

export type AdminStatus = z.infer<typeof adminStatusResponseSchema>;

export const adminStatusQueryKey = ['/api/auth/admin-status'] as const;

export function getAdminStatus(signal?: AbortSignal): Promise<AdminStatus | null> {
  return getJson<AdminStatus>('/api/auth/admin-status', { on401: 'returnNull', signal });
}

export const adminStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminStatusQueryKey,
    queryFn: ({ signal }) => getAdminStatus(signal),
  });

export function useAdminStatus() {
  return useQuery(adminStatusQueryOptions());
}
