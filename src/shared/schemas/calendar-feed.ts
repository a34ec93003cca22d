import { z } from 'zod';

/** Whether the user has a calendar feed, and since when; its URL is shown only when made. */
export const calendarFeedStateSchema = z.object({
  feed: z.object({ createdAt: z.string() }).nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** A new feed: the path of its private URL (`/api/calendar/<secret>.ics`), shown this once. */
export const createdCalendarFeedSchema = z.object({
  path: z.string(),
  createdAt: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedParamsSchema = z.object({
  file: z.string().max(200),
});

/** Shifts from 12 months before today to 3 months after, and the paydays in that window. */
export const CALENDAR_FEED_WINDOW = { monthsBack: 12, monthsAhead: 3 } as const;
