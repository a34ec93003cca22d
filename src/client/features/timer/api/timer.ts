import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type {
  StartTimerBody,
  StopTimerBody,
  SwitchTimerResult,
  Timer,
  TimerState,
} from '../../../../shared/schemas/timer.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** GET /api/timer: the running timer, or `{ timer: null }`. */
export const timerQueryKey = ['/api/timer'] as const;

/** Another tab or device sees a start or stop within this (decision 044). */
export const TIMER_POLL_MS = 2000;

/**
 * Asked every 2 s while the tab is visible (TanStack Query stops in the background) and when the
 * tab comes back. The answer is tagged by the user's data version: unchanged, it is a 304.
 */
export function useRunningTimer() {
  return useQuery(
    queryOptions<TimerState | null>({
      queryKey: timerQueryKey,
      // A session that ends is noticed by what the user does next, not by this poll: it would
      // sign them out in the middle of typing.
      queryFn: ({ signal }) =>
        getJson<TimerState>('/api/timer', { on401: 'returnNull', signal, background: true }),
      refetchInterval: TIMER_POLL_MS,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
      staleTime: 0,
      // Offline, it waits instead of failing every 2 s; back online, it asks at once.
      networkMode: 'online',
    }),
  );
}

function useTimerMutation<Body, Result>(
  send: (body: Body) => Promise<Result>,
  after: (result: Result) => Timer | null,
  { savesShift = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      queryClient.setQueryData<TimerState>(timerQueryKey, { timer: after(result) });
      if (savesShift) void invalidateAfterSave(queryClient);
    },
    // A refusal may mean another device changed it: ask again.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: timerQueryKey });
    },
  });
}

export const useStartTimer = () =>
  useTimerMutation(
    (body: StartTimerBody) => sendJson<Timer>('POST', '/api/timer/start', body),
    (timer) => timer,
  );

export const usePauseTimer = () =>
  useTimerMutation(
    (_: undefined) => sendJson<Timer>('POST', '/api/timer/pause'),
    (timer) => timer,
  );

export const useResumeTimer = () =>
  useTimerMutation(
    (_: undefined) => sendJson<Timer>('POST', '/api/timer/resume'),
    (timer) => timer,
  );

/** Saves the shift through the work-log save: the lists and dashboard are asked again. */
export const useStopTimer = () =>
  useTimerMutation(
    (body: StopTimerBody) => sendJson<WorkLog>('POST', '/api/timer/stop', body),
    () => null,
    { savesShift: true },
  );

export const useSwitchTimer = () =>
  useTimerMutation(
    (body: StartTimerBody) => sendJson<SwitchTimerResult>('POST', '/api/timer/switch', body),
    (result) => result.timer,
    { savesShift: true },
  );

export const useDiscardTimer = () =>
  useTimerMutation(
    (_: undefined) => sendJson<{ success: true }>('DELETE', '/api/timer'),
    () => null,
  );
