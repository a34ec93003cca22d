import { makeEmployer as baseEmployer } from '@/test/fixtures';
import type { Employer } from '../../../../shared/schemas/employers.ts';

export const makeEmployer = (overrides: Partial<Employer> = {}): Employer =>
  baseEmployer({
    name: 'Blue Bottle Cafe',
    employmentType: 'part-time',
    timesheetSchedule: 'biweekly',
    taxRate: '15.25',
    ...overrides,
  });

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
