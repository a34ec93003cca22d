/** Pages that make no sense to come back to after signing in. */
const signedOutPages = /^\/(login|register|forgot-password)(\/|$)/i;
const probe = 'http://hourbook.invalid';

/**
 * Where a sign-in may take the user: a path on this site, or null. Anything that could leave
 * the site ('//evil.example', 'https://…', '/\\evil', tabs and other tricks the URL parser
 * forgives) is refused, so a crafted link cannot send someone elsewhere (no open redirect).
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(candidate, probe);
  } catch {
    return null;
  }
  if (url.origin !== probe || signedOutPages.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
