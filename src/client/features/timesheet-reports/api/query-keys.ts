/** The reports' caches: the history's pages and the upcoming ones, all under GET /api/timesheets. */
export const timesheetKeys = {
  all: ['/api/timesheets'] as const,
  page: (page: number, pageSize: number) => ['/api/timesheets', { page, pageSize }] as const,
  /** GET /api/timesheets/upcoming (the default fetcher would join it so too). */
  upcoming: () => ['/api/timesheets', 'upcoming'] as const,
};
