import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn, shouldRetryQuery } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the query client', () => {
  it('gives an empty result for a read answered 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/settings'] })).resolves.toBeNull();
  });

  it('reads the URL from the query key', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{"ok":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const queryFn = getQueryFn({ on401: 'throw' });
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/employers', '7'], queryFn });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/employers/7');
  });

  it('retries a failed read twice, 500 ms apart', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response('boom', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['/api/employers'] }).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(((await result) as Error).message).toBe('500: boom');
    vi.useRealTimers();
  });

  it('never retries a read whose error mentions 401', () => {
    expect(shouldRetryQuery(0, new Error('401: Unauthorized'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('500: boom'))).toBe(true);
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
