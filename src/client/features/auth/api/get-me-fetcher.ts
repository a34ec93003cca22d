// The fetcher of GET /api/auth/me on its own: the entry chunk asks who is signed in before
// TanStack Query loads, and a chunk takes whole modules, so this file must not import it.
import type { MeResponse, User } from '../../../../shared/schemas/auth.ts';

export const meQueryKey = ['/api/auth/me'] as const;

export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const res = await fetch('/api/auth/me', { credentials: 'same-origin', signal });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`Authentication failed: ${res.status}`);
  const body = (await res.json()) as MeResponse;
  return body.user;
}
