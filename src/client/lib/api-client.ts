// Kept free of zod so the entry chunk stays small: the error body is read by hand.
import type { ErrorBody } from '../../shared/errors.ts';

/**
 * A non-OK answer. `message` is '{status}: {body text}' (SPEC.md §7); `serverMessage`
 * is the human text of the server's `{ code, message }` body, the one toasts show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.code = body?.code;
    this.serverMessage = body?.message ?? (bodyText || statusText || `Request failed (${status})`);
    this.errors = body?.errors;
  }
}

function parseErrorBody(text: string): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { code, message, errors } = value as Record<string, unknown>;
    if (typeof code !== 'string' || typeof message !== 'string') return undefined;
    const fieldErrors =
      typeof errors === 'object' && errors !== null
        ? Object.fromEntries(
            Object.entries(errors).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : undefined;
    return { code, message, errors: fieldErrors };
  } catch {
    return undefined;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request with the session cookie. Requests that change state always carry a
 * JSON body (`{}` when there is none): the server answers 415 to anything else.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown) {
  const changesState = method !== 'GET';
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: changesState ? { 'Content-Type': 'application/json' } : undefined,
    body: changesState ? JSON.stringify(body ?? {}) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GETs JSON; with `on401: 'returnNull'` a missing session gives null instead of an error. */
export async function getJson<T>(
  url: string,
  options: { on401: UnauthorizedBehavior; signal?: AbortSignal },
): Promise<T | null> {
  const res = await fetch(url, { credentials: 'same-origin', signal: options.signal });
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
