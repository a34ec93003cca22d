import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, userQueryOptions } from '@/features/auth';
import { sendForm } from '@/lib/api-client';
import type { UploadProfileImageResponse } from '../../../../shared/schemas/account.ts';
import type { User } from '../../../../shared/schemas/auth.ts';

/** The multipart field and file name the server reads (docs/product/screens.md#talking-to-the-server). */
export const PROFILE_IMAGE_FIELD = 'profileImage';
const FILE_NAME = 'profile.jpg';

export function uploadProfileImage(image: Blob): Promise<UploadProfileImageResponse> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, image, FILE_NAME);
  return sendForm<UploadProfileImageResponse>('POST', '/api/auth/upload-profile-image', form);
}

/**
 * Puts the new picture address into both cached copies of the signed-in user, so the sidebar,
 * the top bar and Settings change at once, then asks the server for the rest.
 */
export function setCachedProfileImage(queryClient: QueryClient, profileImageUrl: string | null) {
  const update = (user: User | null | undefined) => (user ? { ...user, profileImageUrl } : user);
  for (const queryKey of [meQueryKey, userQueryOptions().queryKey]) {
    queryClient.setQueryData<User | null>(queryKey, update);
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: ({ imageUrl }) => setCachedProfileImage(queryClient, imageUrl),
  });
}
