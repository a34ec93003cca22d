import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import type { ChangePasswordBody } from '../../../../shared/schemas/account.ts';
import type { okResponseSchema } from '../../../../shared/schemas/auth.ts';

type Ok = z.infer<typeof okResponseSchema>;

/** POST /api/auth/change-password: this session stays, every other one ends. */
export function changePassword(body: ChangePasswordBody): Promise<Ok> {
  return sendJson<Ok>('POST', '/api/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
