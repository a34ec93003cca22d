import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type {
  CreateEmployerGroupBody,
  EmployerGroupList,
  EmployerGroupSaved,
  UpdateEmployerGroupBody,
} from '../../../../shared/schemas/employer-groups.ts';
import { employerGroupsKey } from './employer-groups';

export type EmployerGroupRepaid = EmployerGroupSaved['repaid'];

export type SaveEmployerGroupVariables =
  | { id?: undefined; body: CreateEmployerGroupBody }
  | { id: number; body: UpdateEmployerGroupBody };

/**
 * Creates a group, or changes one; the server pays every shift of the employers it reaches
 * again, so the shifts, the totals, the dashboard and the timesheets are read again.
 */
export function useSaveEmployerGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveEmployerGroupVariables) =>
      id === undefined
        ? sendJson<EmployerGroupSaved>('POST', '/api/employer-groups', body)
        : sendJson<EmployerGroupSaved>('PATCH', `/api/employer-groups/${id}`, body),
    onSuccess: () => void invalidateAfterSave(queryClient),
  });
}

/** Removes a group: its employers count their own overtime again, and are paid again. */
export function useDeleteEmployerGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      sendJson<EmployerGroupRepaid>('DELETE', `/api/employer-groups/${id}`),
    onSuccess: (_repaid, id) => {
      queryClient.setQueryData<EmployerGroupList>(employerGroupsKey, (list) =>
        list ? { groups: list.groups.filter((group) => group.id !== id) } : list,
      );
      void invalidateAfterSave(queryClient);
    },
  });
}
