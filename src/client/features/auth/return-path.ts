const signedOutPages = /^\/(login|register|forgot-password)(\/|$)/i;
const appOrigin = () => globalThis.location?.origin ?? 'http://hourbook.invalid';

/**
 * No open redirect: the candidate is resolved as the browser will (dot segments, backslashes,
 * stray tabs), and only a same-origin path that cannot be read as another host ('//evil',
 * which '/.//evil' becomes) is kept.
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

export function loginPath(next?: string): string {
  const back = safeReturnPath(next);
  return back && back !== '/' ? `/login?next=${encodeURIComponent(back)}` : '/login';
}

export const SESSION_ENDED_REASON = 'session-ended';

export function sessionEndedPath(next?: string): string {
  const path = loginPath(next);
  return `${path}${path.includes('?') ? '&' : '?'}reason=${SESSION_ENDED_REASON}`;
}

export const ACCOUNT_DELETED_REASON = 'account-deleted';

export const accountDeletedPath = `/login?reason=${ACCOUNT_DELETED_REASON}`;
