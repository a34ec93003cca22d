import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getJson } from './api-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type and the session cookie', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('sends an empty JSON object when a state-changing request has no body', async () => {
    const fetchMock = mockFetch(new Response('{"success":true}', { status: 200 }));
    await apiRequest('POST', '/api/auth/logout');
    const init = fetchMock.mock.calls[0]![1];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{}');
  });

  it('sends no body and no content type on a GET', async () => {
    const fetchMock = mockFetch(new Response('[]', { status: 200 }));
    await apiRequest('GET', '/api/employers');
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('throws an error reading "{status}: {body text}" with the parsed server message', async () => {
    const body = JSON.stringify({
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    mockFetch(new Response(body, { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`401: ${body}`);
    expect(apiError.status).toBe(401);
    expect(apiError.code).toBe('invalid_credentials');
    expect(apiError.serverMessage).toBe('Invalid email or password');
  });

  it('keeps the field errors of a validation failure', async () => {
    const body = {
      code: 'validation_failed',
      message: 'Please check the form',
      errors: { email: 'Please enter a valid email address' },
    };
    mockFetch(new Response(JSON.stringify(body), { status: 400, statusText: 'Bad Request' }));
    const error = (await apiRequest('POST', '/api/auth/login', {}).catch((e) => e)) as ApiError;
    expect(error.errors).toEqual({ email: 'Please enter a valid email address' });
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = (await apiRequest('GET', '/api/settings').catch((e) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBe('Service Unavailable');
  });

  it('shows a plain-text body as the server message', async () => {
    mockFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await apiRequest('GET', '/api/settings').catch((e) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway');
    expect(error.serverMessage).toBe('Bad gateway');
  });
});

describe('getJson', () => {
  it('returns null for a 401 when asked to', async () => {
    mockFetch(new Response('{"code":"unauthenticated","message":"Sign in"}', { status: 401 }));
    await expect(getJson('/api/settings', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('throws for a 401 when asked to', async () => {
    mockFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(getJson('/api/settings', { on401: 'throw' })).rejects.toThrow('401: Unauthorized');
  });
});
