// Kept free of zod so the entry chunk stays small: the error body is read by hand.
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';

/** Decide by `code` (src/shared/errors.ts), never by `serverMessage`, the text toasts show. */
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

/** Any 401 but a wrong password at sign-in. */
export function isSessionEnded(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.code !== 'invalid_credentials';
}

const sessionEndedListeners = new Set<(error: ApiError) => void>();

export function onSessionEnded(listener: (error: ApiError) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

async function readError(res: Response, notify = true): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const error = new ApiError(res.status, text, res.statusText);
  if (notify && isSessionEnded(error))
    for (const listener of sessionEndedListeners) listener(error);
  return error;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await readError(res);
}

export const WRITE_TIMEOUT_MS = 15_000;
let writeTimeoutMs = WRITE_TIMEOUT_MS;

export function setWriteTimeoutForTests(ms: number): () => void {
  writeTimeoutMs = ms;
  return () => {
    writeTimeoutMs = WRITE_TIMEOUT_MS;
  };
}

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
  /** fetch `keepalive`: sent even as the page closes (a last save from `pagehide`); 64 KB at most. */
  keepalive?: boolean;
};

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

/** `T` is the route's response type from src/shared/schemas, which the server serializes with. */
export async function sendJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  return (await res.json()) as T;
}

/** No Content-Type: the browser writes it, with the boundary. */
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
 * A 401 tells the session-ended listeners even with `on401: 'returnNull'`, unless `background`:
 * a poll nobody asked for then signs no one out (the user's next request does), so a form being
 * typed in stays.
 */
export async function getJson<T>(
  url: string,
  options: { on401: UnauthorizedBehavior; signal?: AbortSignal; background?: boolean },
): Promise<T | null> {
  const res = await send(url, { credentials: 'same-origin', signal: options.signal });
  if (!res.ok) {
    const error = await readError(res, !options.background);
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    throw error;
  }
  return (await res.json()) as T;
}
