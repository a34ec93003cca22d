import type { Employer } from '../../../../shared/schemas/employers.ts';

export function makeEmployer(overrides: Partial<Employer> = {}): Employer {
  return {
    id: 1,
    userId: 1,
    name: 'Blue Bottle Cafe',
    hourlyRate: '24.50',
    employmentType: 'part-time',
    timesheetSchedule: 'biweekly',
    contactEmail: null,
    phone: null,
    address: null,
    isActive: true,
    departments: [],
    taxRate: '15.25',
    brandColor: 'blue',
    totalHours: '0.0',
    totalEarnings: '0.00',
    timesheetsSubmitted: 0,
    lastTimesheetDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch stub answering by "METHOD /path"; anything else is a 404 the test would notice. */
export function routeFetch(routes: Record<string, Handler>) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (!handler) return new Response(`no route for ${key}`, { status: 404 });
    return handler(init);
  };
}
