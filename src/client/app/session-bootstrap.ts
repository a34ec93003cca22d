// Not through '@/features/auth': this runs in the entry chunk, before TanStack Query loads,
// and the feature's entry would bring it (see get-me-fetcher.ts).
import { getMe } from '@/features/auth/api/get-me-fetcher';
import type { User } from '../../shared/schemas/auth.ts';

/**
 * What the first GET /api/auth/me said; `failed` when it did not answer 200 or 401.
 * `signedInHere` when the user signed in or up on a page shown before the app loaded.
 */
export type InitialSession = { user: User | null; failed: boolean; signedInHere?: boolean };

/**
 * Signed out, without asking: a page rendered at build time is sent only to a browser that has
 * no session cookie (docs/decisions/020-prerendered-entry-pages.md).
 */
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
