import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { BrandColor } from '@/lib/brand-colors';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { Employer, UpdateEmployerBody } from '../../../../shared/schemas/employers.ts';
import { employersQueryKey } from './get-employers';

export type UpdateEmployerVariables = { id: number; body: UpdateEmployerBody };

export async function updateEmployer({ id, body }: UpdateEmployerVariables): Promise<Employer> {
  return sendJson<Employer>('PATCH', `/api/employers/${id}`, body);
}

function replaceInList(queryClient: QueryClient, employer: Employer) {
  queryClient.setQueryData<Employer[]>(employersQueryKey, (list) =>
    list?.map((e) => (e.id === employer.id ? employer : e)),
  );
}

export function useUpdateEmployer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployer,
    onSuccess: (employer) => {
      replaceInList(queryClient, employer);
      void invalidateAfterSave(queryClient);
    },
  });
}

/** Caches of work-log lists, whose rows embed their employer (and so its colour). */
const embedsWorkLogs = (key: readonly unknown[]) =>
  typeof key[0] === 'string' &&
  (key[0].startsWith('/api/work-logs') || key[0].startsWith('/api/dashboard/recent-work-logs'));

type WithEmployer = { employer?: { id: number; brandColor: BrandColor } };

function recolourLogs(data: unknown, id: number, brandColor: BrandColor): unknown {
  if (!Array.isArray(data)) return data;
  let changed = false;
  const next = data.map((row: unknown) => {
    const log = row as WithEmployer | null;
    if (!log?.employer || log.employer.id !== id) return row;
    changed = true;
    return { ...log, employer: { ...log.employer, brandColor } };
  });
  return changed ? next : data;
}

export type ChangeColourVariables = { id: number; brandColor: BrandColor };

/**
 * docs/product/screens.md#employers: a colour change shows at once on the card and on every cached work log of the
 * employer, saves in the background, and on failure refetches what the server really has.
 */
export function useChangeEmployerColour(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, brandColor }: ChangeColourVariables) =>
      updateEmployer({ id, body: { brandColor } }),
    onMutate: async ({ id, brandColor }) => {
      // A read in flight must not land after, and undo, the optimistic colour.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: employersQueryKey }),
        queryClient.cancelQueries({ predicate: (q) => embedsWorkLogs(q.queryKey) }),
      ]);
      queryClient.setQueryData<Employer[]>(employersQueryKey, (list) =>
        list?.map((e) => (e.id === id ? { ...e, brandColor } : e)),
      );
      queryClient.setQueriesData({ predicate: (q) => embedsWorkLogs(q.queryKey) }, (data) =>
        recolourLogs(data, id, brandColor),
      );
    },
    onSuccess: (employer) => {
      replaceInList(queryClient, employer);
      void invalidateAfterSave(queryClient);
    },
    onError: (error) => {
      options.onError?.(error);
      void queryClient.invalidateQueries({ queryKey: employersQueryKey });
      void queryClient.invalidateQueries({ predicate: (q) => embedsWorkLogs(q.queryKey) });
    },
  });
}
