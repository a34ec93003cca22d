import { vi } from 'vitest';
import type { ErrorCode } from '../../shared/errors.ts';

/** A request the app made, as the handler and the test see it. */
export type ApiCall = {
  method: string;
  /** Path and query, as requested: '/api/employers?active=1'. */
  url: string;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  /** A multipart body (an upload), as the app built it. */
  form?: FormData;
  headers: Headers;
};

type Json = string | number | boolean | null | Json[] | { [key: string]: unknown };
/**
 * An answer: a Response, a JSON value (answered 200), or a function of the call giving
 * either (or a promise of them).
 */
export type Reply = Response | Json | ((call: ApiCall) => unknown);
/** 'METHOD /path' (or 'METHOD /path?query', matched first) → its answer. */
export type Routes = Record<string, Reply>;

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server's error shape, `{ code, message, errors? }` (src/shared/errors.ts). */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  errors?: Record<string, string>,
): Response {
  return json(errors ? { code, message, errors } : { code, message }, status);
}

/** 204 No Content. */
export const noContent = () => new Response(null, { status: 204 });

/** No answer ever, as a server that hangs; the request fails only when it is aborted. */
export const hang = () => new Promise<Response>(() => {});

/** No network: fetch rejects as browsers do when offline. */
export const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/**
 * Stubs `fetch` with a route table; every test file's requests go through this one helper.
 * Unknown routes answer 404 `not_found` naming the route, so a missing stub shows up.
 * An aborted request rejects as real fetch does, so timeouts behave as in a browser.
 *
 *   const api = mockApi({ 'GET /api/employers': [cafe], 'POST /api/employers': () => json(x, 201) });
 *   api.calls('POST /api/employers')[0]?.body
 */
export function mockApi(initial: Routes = {}) {
  const routes: Routes = { ...initial };
  const log: ApiCall[] = [];

  async function answer(call: ApiCall, signal: AbortSignal | null | undefined) {
    const path = call.url.split('?')[0];
    const key = [`${call.method} ${call.url}`, `${call.method} ${path}`].find((k) => k in routes);
    const route = key === undefined ? undefined : routes[key];
    const reply = async () => {
      if (key === undefined)
        return apiError(404, 'not_found', `mockApi: no route for ${call.method} ${call.url}`);
      const value = typeof route === 'function' ? await route(call) : route;
      return value instanceof Response ? value : json(value);
    };
    if (!signal) return reply();
    if (signal.aborted) throw signal.reason;
    return Promise.race([
      reply(),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      ),
    ]);
  }

  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      body: text === undefined ? undefined : JSON.parse(text),
      ...(init?.body instanceof FormData ? { form: init.body } : {}),
      headers: new Headers(init?.headers),
    };
    log.push(call);
    const response = await answer(call, init?.signal);
    // A Response body can be read once; a route used twice must answer twice.
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    /** Adds or replaces routes mid-test. */
    use(more: Routes) {
      Object.assign(routes, more);
    },
    /** Every call, or those to one 'METHOD /path' (with a query: to exactly that URL). */
    calls(route?: string): ApiCall[] {
      if (!route) return [...log];
      const url = (c: ApiCall) => (route.includes('?') ? c.url : c.url.split('?')[0]);
      return log.filter((c) => `${c.method} ${url(c)}` === route);
    },
    fetch: fetchMock,
  };
}

export type MockApi = ReturnType<typeof mockApi>;
