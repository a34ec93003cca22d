import { apiRequest } from '@/lib/api-client';
import type { MeResponse, RegisterBody } from '../../../../shared/schemas/auth.ts';

/** POST /api/auth/register; what follows a sign-up is in components/register-view.tsx. */
export async function register(body: RegisterBody): Promise<MeResponse> {
  const res = await apiRequest('POST', '/api/auth/register', body);
  return (await res.json()) as MeResponse;
}
