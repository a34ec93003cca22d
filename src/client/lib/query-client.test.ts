import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/mock-api';
import { ApiError } from './api-client';
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
