import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { workLogKeys } from '@/features/work-logs';
import { makeEmployer } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useChangeEmployerColour } from './update-employer';

const cafe = makeEmployer({ id: 1, brandColor: 'blue' });
const other = makeEmployer({ id: 2, name: 'Other', brandColor: 'red' });
const log = (id: number, employer: Employer) => ({
  id,
  employerId: employer.id,
  employer: { id: employer.id, name: employer.name, brandColor: employer.brandColor },
});

function setup(patch: () => Promise<Response>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const reads = { employers: 0, logs: 0 };
  /** What the server has stored for the employer's colour. */
  const stored = { cafe };
  mockApi({
    'PATCH /api/employers/1': patch,
    'GET /api/employers': () => {
      reads.employers++;
      return [stored.cafe, other];
    },
    'GET /api/work-logs': () => {
      reads.logs++;
      return [log(10, stored.cafe), log(11, other)];
    },
  });
  const fetchJson = (url: string) => () => fetch(url).then((r) => r.json());
  queryClient.setQueryData(['/api/employers'], [cafe, other]);
  queryClient.setQueryData(workLogKeys.list({}), [log(10, cafe), log(11, other)]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const onError = vi.fn();
  // Both lists are watched, as on a screen, so an invalidation refetches them.
  const { result } = renderHook(
    () => {
      useQuery({ queryKey: ['/api/employers'], queryFn: fetchJson('/api/employers') });
      useQuery({ queryKey: workLogKeys.list({}), queryFn: fetchJson('/api/work-logs') });
      return useChangeEmployerColour({ onError });
    },
    { wrapper },
  );
  return { queryClient, result, reads, onError, stored };
}

const colourOf = (queryClient: QueryClient, id: number) =>
  queryClient.getQueryData<Employer[]>(['/api/employers'])?.find((e) => e.id === id)?.brandColor;
const logColours = (queryClient: QueryClient) =>
  queryClient
    .getQueryData<ReturnType<typeof log>[]>(workLogKeys.list({}))
    ?.map((l) => l.employer.brandColor);

describe('changing an employer colour', () => {
  it('recolours the employer and its cached work logs before the server answers', async () => {
    let answer: (res: Response) => void = () => {};
    const { queryClient, result, stored } = setup(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    act(() => result.current.mutate({ id: 1, brandColor: 'green' }));
    await waitFor(() => expect(colourOf(queryClient, 1)).toBe('green'));
    expect(colourOf(queryClient, 2)).toBe('red');
    expect(logColours(queryClient)).toEqual(['green', 'red']);
    stored.cafe = { ...cafe, brandColor: 'green' };
    answer(json(stored.cafe));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(colourOf(queryClient, 1)).toBe('green');
  });

  it('refetches what the server has and reports the failure when the save fails', async () => {
    const { queryClient, result, onError, reads } = setup(
      async () => new Response('boom', { status: 500 }),
    );
    act(() => result.current.mutate({ id: 1, brandColor: 'green' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError).toHaveBeenCalledOnce();
    await waitFor(() => expect(colourOf(queryClient, 1)).toBe('blue'));
    await waitFor(() => expect(logColours(queryClient)).toEqual(['blue', 'red']));
    expect(reads).toEqual({ employers: 1, logs: 1 });
  });
});
