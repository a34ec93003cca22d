import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, mockApi, offline } from '@/test/mock-api';
import { ApiError, NetworkError } from './api-client';
import { createQueryClient, getQueryFn, shouldRetryQuery } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('the query client', () => {
  it('gives an empty result for a read answered 401', async () => {
    mockApi({ 'GET /api/settings': apiError(401, 'unauthenticated', 'Please sign in') });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/settings'] })).resolves.toBeNull();
  });

  it('reads the URL from the query key', async () => {
    const api = mockApi({ 'GET /api/employers/7': { ok: 1 } });
    const client = createQueryClient();
    await client.fetchQuery({
      queryKey: ['/api/employers', '7'],
      queryFn: getQueryFn({ on401: 'throw' }),
    });
    expect(api.calls().map((c) => c.url)).toEqual(['/api/employers/7']);
  });

  it('retries a failed read twice, 500 ms apart', async () => {
    vi.useFakeTimers();
    const api = mockApi({ 'GET /api/employers': () => new Response('boom', { status: 500 }) });
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['/api/employers'] }).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(api.calls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.calls()).toHaveLength(3);
    expect(((await result) as Error).message).toBe('500: boom');
  });

  it('never retries a read answered 401, whatever its text says', () => {
    const unauthorized = new ApiError(401, '', 'Unauthorized');
    expect(shouldRetryQuery(0, unauthorized)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(500, 'has 401 in it', ''))).toBe(true);
    expect(shouldRetryQuery(1, new Error('500: boom'))).toBe(true);
    expect(shouldRetryQuery(2, new Error('500: boom'))).toBe(false);
  });

  it('never retries a read the server refused as bad input, decided by status and not by text', async () => {
    const api = mockApi({
      'GET /api/work-logs': apiError(400, 'validation_failed', 'Search is too long'),
    });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/work-logs'] })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(api.calls()).toHaveLength(1);

    for (const status of [400, 403, 404, 409, 422]) {
      expect(shouldRetryQuery(0, new ApiError(status, '', 'Refused'))).toBe(false);
    }
    // A timeout or "slow down" may pass on the next try, and a message that merely says 400 is no refusal.
    expect(shouldRetryQuery(0, new ApiError(408, '', 'Request Timeout'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(429, '', 'Too Many Requests'))).toBe(true);
    expect(shouldRetryQuery(0, new Error('400: Bad Request'))).toBe(true);
    expect(shouldRetryQuery(0, new NetworkError('offline'))).toBe(true);
  });

  it('asks for a read while the browser says it is offline, so the page shows an error instead of waiting', async () => {
    vi.useFakeTimers();
    goOffline();
    const api = mockApi({ 'GET /api/employers': offline });
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['/api/employers'] }).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toBeInstanceOf(NetworkError);
    expect(api.calls()).toHaveLength(3);
  });

  it('asks again by itself for a read that failed offline once the network is back', async () => {
    vi.useFakeTimers();
    goOffline();
    const api = mockApi({ 'GET /api/employers': offline });
    const client = createQueryClient();
    // As QueryClientProvider does: only a mounted client hears the network come back.
    client.mount();
    onTestFinished(() => client.unmount());
    const observer = new QueryObserver(client, { queryKey: ['/api/employers'] });
    const unsubscribe = observer.subscribe(() => {});
    onTestFinished(unsubscribe);
    await vi.advanceTimersByTimeAsync(1000);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(api.calls()).toHaveLength(3);

    api.use({ 'GET /api/employers': [] });
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls()).toHaveLength(4);
    expect(observer.getCurrentResult().data).toEqual([]);
  });

  it('sends a save while the browser says it is offline, so it fails and says so instead of pausing', async () => {
    goOffline();
    mockApi({ 'POST /api/employers': offline });
    const client = createQueryClient();
    const mutationFn = vi.fn(() => fetch('/api/employers', { method: 'POST' }));
    const observer = new MutationObserver(client, { mutationFn });
    await expect(observer.mutate()).rejects.toThrow('Failed to fetch');
    expect(mutationFn).toHaveBeenCalledOnce();
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });

  it('keeps data fresh 5 minutes, drops it after 10, never refetches on focus or polls', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
    expect(queries?.gcTime).toBe(10 * 60 * 1000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retryDelay).toBe(500);
    expect(mutations?.retry).toBe(false);
  });

  it('never retries a write', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => {
      throw new Error('500: boom');
    });
    const observer = new MutationObserver(client, { mutationFn });
    await expect(observer.mutate()).rejects.toThrow('500: boom');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

/** The browser reports no network (navigator.onLine false) until the test ends. */
function goOffline() {
  onlineManager.setOnline(false);
  onTestFinished(() => onlineManager.setOnline(true));
}
