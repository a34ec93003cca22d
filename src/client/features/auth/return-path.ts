/** Pages that make no sense to come back to after signing in. */
const signedOutPages = /^\/(login|register|forgot-password)(\/|$)/i;
/** Where relative paths resolve: the page's own origin (a stand-in where there is none). */
const appOrigin = () => globalThis.location?.origin ?? 'http://hourbook.invalid';

/**
 * Where a sign-in may take the user: a path on this site, or null. The candidate is resolved
 * against the app's origin first (as the browser will), so dot segments, backslashes, encoded
 * or stray tabs and line breaks are judged by what they become, not how they are spelled.
 * Only a same-origin path whose normalised form cannot be read as another host ('//evil',
 * which '/.//evil' becomes) is kept, with its query and hash: no open redirect.
 */
export function safeReturnPath(
  candidate: string | null | undefined,
  origin: string = appOrigin(),
): string | null {
  if (!candidate?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !/^\/(?![/\\])/.test(url.pathname)) return null;
  if (signedOutPages.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What the browser is handed must land on the same page again when it resolves it.
  const again = new URL(path, origin);
  return again.origin === origin && again.pathname === url.pathname ? path : null;
}

/** The sign-in page, coming back to `next` afterwards. */
export function loginPath(next?: string): string {
  const back = safeReturnPath(next);
  return back && back !== '/' ? `/login?next=${encodeURIComponent(back)}` : '/login';
}

export const SESSION_ENDED_REASON = 'session-ended';

/** The sign-in page with the note that the session ended, coming back to `next` afterwards. */
export function sessionEndedPath(next?: string): string {
  const path = loginPath(next);
  return `${path}${path.includes('?') ? '&' : '?'}reason=${SESSION_ENDED_REASON}`;
}

export const ACCOUNT_DELETED_REASON = 'account-deleted';

/** The sign-in page with the note that the account was deleted (nothing to come back to). */
export const accountDeletedPath = `/login?reason=${ACCOUNT_DELETED_REASON}`;
