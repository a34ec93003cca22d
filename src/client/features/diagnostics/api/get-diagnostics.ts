import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { DiagnosticsResponse } from '../../../../shared/schemas/diagnostics.ts';

export const diagnosticsQueryKey = ['/api/diagnostics'] as const;

/** What the /test page shows. A 401 gives null (the session-ended listener signs out). */
export function getDiagnostics(signal?: AbortSignal): Promise<DiagnosticsResponse | null> {
  return getJson<DiagnosticsResponse>('/api/diagnostics', { on401: 'returnNull', signal });
}

/** Asked again on every visit: a diagnostics page that shows an old state misleads. */
export const diagnosticsQueryOptions = () =>
  queryOptions({
    queryKey: diagnosticsQueryKey,
    queryFn: ({ signal }) => getDiagnostics(signal),
    staleTime: 0,
  });

export function useDiagnostics() {
  return useQuery(diagnosticsQueryOptions());
}
