import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelWorkLogLists,
  invalidateWorkLogs,
  recolourEmployerInLists,
} from '@/features/work-logs';
import { sendJson } from '@/lib/api-client';
import type { BrandColor } from '@/lib/brand-colors';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { Employer, UpdateEmployerBody } from '../../../../shared/schemas/employers.ts';
import { employerKeys } from './get-employers';

export type UpdateEmployerVariables = { id: number; body: UpdateEmployerBody };

export async function updateEmployer({ id, body }: UpdateEmployerVariables): Promise<Employer> {
  return sendJson<Employer>('PATCH', `/api/employers/${id}`, body);
}

function replaceInList(queryClient: QueryClient, employer: Employer) {
  queryClient.setQueryData<Employer[]>(employerKeys.all, (list) =>
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
        queryClient.cancelQueries({ queryKey: employerKeys.all }),
        cancelWorkLogLists(queryClient),
      ]);
      queryClient.setQueryData<Employer[]>(employerKeys.all, (list) =>
        list?.map((e) => (e.id === id ? { ...e, brandColor } : e)),
      );
      recolourEmployerInLists(queryClient, id, brandColor);
    },
    onSuccess: (employer) => {
      replaceInList(queryClient, employer);
      void invalidateAfterSave(queryClient);
    },
    onError: (error) => {
      options.onError?.(error);
      void queryClient.invalidateQueries({ queryKey: employerKeys.all });
      void invalidateWorkLogs(queryClient);
    },
  });
}
