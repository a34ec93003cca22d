import { apiRequest } from '@/lib/api-client';
import type { LoginBody, MeResponse } from '../../../../shared/schemas/auth.ts';

/** POST /api/auth/login; what follows a sign-in is in components/login-view.tsx. */
export async function login(body: LoginBody): Promise<MeResponse> {
  const res = await apiRequest('POST', '/api/auth/login', body);
  return (await res.json()) as MeResponse;
}
