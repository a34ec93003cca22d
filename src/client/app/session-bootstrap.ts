// Not through '@/features/auth', whose entry would bring TanStack Query into the entry chunk.
import { getMe } from '@/features/auth/api/get-me-fetcher';
import type { User } from '../../shared/schemas/auth.ts';

/** `failed` when the first GET /api/auth/me answered neither 200 nor 401. */
export type InitialSession = { user: User | null; failed: boolean; signedInHere?: boolean };

export const SIGNED_OUT: InitialSession = { user: null, failed: false };

let pending: Promise<InitialSession> | undefined;

/** One request per page load, shared by whoever asks first (StrictMode renders twice). */
export function loadInitialSession(): Promise<InitialSession> {
  pending ??= getMe().then(
    (user) => ({ user, failed: false }),
    () => ({ user: null, failed: true }),
  );
  return pending;
}
