import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { User } from '../../../../shared/schemas/auth.ts';

export const userQueryKey = ['/api/auth/user'] as const;

export function getUser(signal?: AbortSignal): Promise<User | null> {
  return getJson<User>('/api/auth/user', { on401: 'returnNull', signal });
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: ({ signal }) => getUser(signal) });

export function useUser() {
  return useQuery(userQueryOptions());
}
