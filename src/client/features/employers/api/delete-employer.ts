import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { employerKeys } from './get-employers';

/** Also removes the employer's work logs and timesheets on the server (docs/product/data.md#deletions). */
export async function deleteEmployer(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/employers/${id}`);
}

export function useDeleteEmployer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployer,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Employer[]>(employerKeys.all, (list) =>
        list?.filter((e) => e.id !== id),
      );
      void invalidateAfterSave(queryClient);
    },
  });
}
