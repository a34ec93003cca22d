import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { patchSignedInUser } from '@/features/auth';
import { sendForm } from '@/lib/api-client';
import type { UploadProfileImageResponse } from '../../../../shared/schemas/account.ts';

/** docs/product/screens.md#talking-to-the-server. */
export const PROFILE_IMAGE_FIELD = 'profileImage';
const FILE_NAME = 'profile.jpg';

export function uploadProfileImage(image: Blob): Promise<UploadProfileImageResponse> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, image, FILE_NAME);
  return sendForm<UploadProfileImageResponse>('POST', '/api/auth/upload-profile-image', form);
}

export function setCachedProfileImage(queryClient: QueryClient, profileImageUrl: string | null) {
  patchSignedInUser(queryClient, { profileImageUrl });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: ({ imageUrl }) => setCachedProfileImage(queryClient, imageUrl),
  });
}
