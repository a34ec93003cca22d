import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type {
  ApplyChange,
  ChangePreview,
  UpdateEmployerBody,
} from '../../../../shared/schemas/employers.ts';
import { employerKeys } from './query-keys';

type PreviewVariables = { id: number; body: UpdateEmployerBody; applyChange: ApplyChange };

/** A POST that changes nothing: what the same PATCH would do to the shifts already logged. */
export function previewEmployerChange({
  id,
  body,
  applyChange,
}: PreviewVariables): Promise<ChangePreview> {
  return sendJson<ChangePreview>('POST', `/api/employers/${id}/change-preview`, {
    ...body,
    applyChange,
  });
}

export const changePreviewQueryOptions = (variables: PreviewVariables) =>
  queryOptions({
    queryKey: [...employerKeys.all, variables.id, 'change-preview', variables] as const,
    queryFn: () => previewEmployerChange(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useChangePreview(variables: PreviewVariables, enabled: boolean) {
  return useQuery({ ...changePreviewQueryOptions(variables), enabled });
}
