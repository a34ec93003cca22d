/** The employers' caches, under GET /api/employers. */
export const employerKeys = { all: ['/api/employers'] as const };
