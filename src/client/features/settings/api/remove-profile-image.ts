import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setCachedProfileImage } from './upload-profile-image';

export async function removeProfileImage(): Promise<void> {
  await apiRequest('DELETE', '/api/auth/remove-profile-image');
}

/** After a removal every avatar shows the initial at once. */
export function useRemoveProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfileImage,
    onSuccess: () => setCachedProfileImage(queryClient, null),
  });
}
