import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { CreateEmployerBody, Employer } from '../../../../shared/schemas/employers.ts';
import { employerKeys } from './get-employers';

export async function createEmployer(body: CreateEmployerBody): Promise<Employer> {
  return sendJson<Employer>('POST', '/api/employers', body);
}

/** The new employer joins the cached list at once (docs/product/screens.md#talking-to-the-server), then every related cache refreshes. */
export function useCreateEmployer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployer,
    onSuccess: (employer) => {
      queryClient.setQueryData<Employer[]>(employerKeys.all, (list) => [
        ...(list ?? []).filter((e) => e.id !== employer.id),
        employer,
      ]);
      void invalidateAfterSave(queryClient);
    },
  });
}
