import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { usePrefetchAtStartup } from './prefetch';

function Prefetcher() {
  usePrefetchAtStartup();
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe('usePrefetchAtStartup', () => {
  it('fetches the user, the settings and the employers into the cache once', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      jsonResponse(url.includes('employers') ? [] : {}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderWithProviders(<Prefetcher />);
    await waitFor(() => expect(queryClient.getQueryData(['/api/employers'])).toEqual([]));
    const urls = fetchMock.mock.calls.map(([url]) => url).sort();
    expect(urls).toEqual(['/api/auth/user', '/api/employers', '/api/settings']);
  });
});
