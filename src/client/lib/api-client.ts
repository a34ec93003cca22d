// Kept free of zod so the entry chunk stays small: the error body is read by hand.
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';

/**
 * A non-OK answer. `message` is '{status}: {body text}' (docs/product/screens.md#talking-to-the-server); `serverMessage`
 * is the human text of the server's `{ code, message }` body, the one toasts show.
 * Code that decides anything reads `code` (src/shared/errors.ts), never the text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
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

/** No answer at all: the network is down, or a write got no answer in time. */
export class NetworkError extends Error {
  readonly reason: 'offline' | 'timeout';

  constructor(reason: 'offline' | 'timeout', cause?: unknown) {
    super('Could not reach the server. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
    this.reason = reason;
  }
}

function parseErrorBody(text: string): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    // The server's error shape: its response schemas let no unlisted code out (src/shared/errors.ts).
    const body: Partial<ErrorBody> | null = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return undefined;
    const { code, message, errors } = body;
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

/** True when the server says the session is gone (not a wrong password at sign-in). */
export function isSessionEnded(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.code !== 'invalid_credentials';
}

const sessionEndedListeners = new Set<(error: ApiError) => void>();

/** Calls back whenever any request finds the session gone; returns the unsubscribe. */
export function onSessionEnded(listener: (error: ApiError) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const error = new ApiError(res.status, text, res.statusText);
  if (isSessionEnded(error)) for (const listener of sessionEndedListeners) listener(error);
  return error;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await readError(res);
}

/** How long a write may wait for an answer before it counts as failed (one place for all). */
export const WRITE_TIMEOUT_MS = 15_000;
let writeTimeoutMs = WRITE_TIMEOUT_MS;

/** For tests: a shorter wait than 15 s. Returns the restore. */
export function setWriteTimeoutForTests(ms: number): () => void {
  writeTimeoutMs = ms;
  return () => {
    writeTimeoutMs = WRITE_TIMEOUT_MS;
  };
}

/** fetch, with no answer (offline, or none within `timeoutMs`) turned into a NetworkError. */
async function send(url: string, init: RequestInit, timeoutMs?: number): Promise<Response> {
  const timeout = timeoutMs === undefined ? undefined : new AbortController();
  const timer = timeout && setTimeout(() => timeout.abort(), timeoutMs);
  try {
    return await fetch(url, timeout ? { ...init, signal: timeout.signal } : init);
  } catch (error) {
    if (timeout?.signal.aborted) throw new NetworkError('timeout', error);
    // A read the caller cancelled stays an AbortError, which TanStack Query expects.
    if (init.signal?.aborted) throw error;
    throw new NetworkError('offline', error);
  } finally {
    clearTimeout(timer);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  /**
   * The browser finishes sending the request even if the page is being closed or reloaded
   * (fetch `keepalive`): for a last save from `pagehide`. Bodies are limited to 64 KB.
   */
  keepalive?: boolean;
};

/**
 * Sends a request with the session cookie. A body goes as JSON; a request without one (a
 * DELETE, a logout) sends no body and no content type. Writes give up after WRITE_TIMEOUT_MS.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
) {
  const hasBody = body !== undefined && method !== 'GET';
  const res = await send(
    url,
    {
      method,
      credentials: 'same-origin',
      headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(body) : undefined,
      ...(options.keepalive ? { keepalive: true } : {}),
    },
    method === 'GET' ? undefined : writeTimeoutMs,
  );
  await throwIfResNotOk(res);
  return res;
}

/**
 * A write whose answer is what was saved. `T` is that route's response type from
 * src/shared/schemas (the server serializes with the same schema), read in this one place.
 */
export async function sendJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  return (await res.json()) as T;
}

/**
 * Uploads a multipart form (a file) with the session cookie, and reads the JSON answer. No
 * Content-Type header: the browser writes it, with the boundary that splits the parts.
 * Same write timeout and errors as apiRequest.
 */
export async function sendForm<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  form: FormData,
): Promise<T> {
  const res = await send(url, { method, credentials: 'same-origin', body: form }, writeTimeoutMs);
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * GETs JSON; with `on401: 'returnNull'` a missing session gives null instead of an error
 * (docs/product/screens.md#talking-to-the-server). Either way a 401 tells the session-ended listeners.
 */
export async function getJson<T>(
  url: string,
  options: { on401: UnauthorizedBehavior; signal?: AbortSignal },
): Promise<T | null> {
  const res = await send(url, { credentials: 'same-origin', signal: options.signal });
  if (!res.ok) {
    const error = await readError(res);
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    throw error;
  }
  return (await res.json()) as T;
}
