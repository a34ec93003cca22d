import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
// Types only: the employer cards read the groups, and the page's first load stays without zod.
// The writes are in ./save-employer-group, loaded with the dialog that makes them.
import type {
  EmployerGroup,
  EmployerGroupList,
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
