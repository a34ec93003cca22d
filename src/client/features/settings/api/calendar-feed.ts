import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, sendJson } from '@/lib/api-client';
import type {
  CalendarFeedState,
  CreatedCalendarFeed,
} from '../../../../shared/schemas/calendar-feed.ts';

export const calendarFeedQueryKey = ['/api/calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedQueryKey,
    queryFn: async ({ signal }) =>
      (await getJson<CalendarFeedState>('/api/calendar-feed', { on401: 'throw', signal }))!,
  });
}

/** Makes the feed's URL, or a new one in place of the old. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<CreatedCalendarFeed>('POST', '/api/calendar-feed', {}),
    onSuccess: (created) =>
      queryClient.setQueryData<CalendarFeedState>(calendarFeedQueryKey, {
        feed: { createdAt: created.createdAt },
      }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/calendar-feed', {});
    },
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedState>(calendarFeedQueryKey, { feed: null }),
  });
}
