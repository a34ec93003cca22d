import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
// Types only: the employer cards read the groups, and the page's first load stays without zod.
import type {
  CreateEmployerGroupBody,
  EmployerGroup,
  EmployerGroupList,
  EmployerGroupSaved,
  UpdateEmployerGroupBody,
} from '../../../../shared/schemas/employer-groups.ts';
import { employerKeys } from './query-keys';

/**
 * Under the employers' key, so every save that refreshes the employers (one deleted leaves its
 * group) reads the groups again too.
 */
export const employerGroupsKey = [...employerKeys.all, 'groups'] as const;

export const employerGroupsQueryOptions = () =>
  queryOptions({
    queryKey: employerGroupsKey,
    queryFn: async ({ signal }) =>
      (await getJson<EmployerGroupList>('/api/employer-groups', { on401: 'throw', signal }))!,
  });

export function useEmployerGroups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...employerGroupsQueryOptions(), enabled });
}

/** The group an employer counts its overtime with, if any. */
export function groupOf(
  groups: readonly EmployerGroup[] | undefined,
  employerId: number,
): EmployerGroup | undefined {
  return groups?.find((group) => group.employerIds.includes(employerId));
}

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
