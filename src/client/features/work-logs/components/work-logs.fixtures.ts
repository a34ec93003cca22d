import { onTestFinished, vi } from 'vitest';
import { makeEmployer as baseEmployer, makeSettings } from '@/test/fixtures';
import { jsonResponse } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

export { makeSettings };

export const makeEmployer = (overrides: Partial<Employer> = {}): Employer =>
  baseEmployer({ name: 'Acme Studio', hourlyRate: '25.00', ...overrides });

export function makeWorkLog(overrides: Partial<WorkLog> = {}): WorkLog {
  const employer = makeEmployer();
  return {
    id: 10,
    userId: 1,
    employerId: employer.id,
    date: '2026-03-02',
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
    hourlyRateAtTime: '25.00',
    department: null,
    note: null,
    status: 'pending',
    hours: '7.5',
    earnings: '187.50',
    employer: {
      id: employer.id,
      name: employer.name,
      hourlyRate: employer.hourlyRate,
      brandColor: employer.brandColor,
      departments: employer.departments,
      isActive: employer.isActive,
      taxRate: employer.taxRate,
    },
    createdAt: '2026-03-02T00:00:00.000Z',
    updatedAt: '2026-03-02T00:00:00.000Z',
    ...overrides,
  };
}

type Route = (
  url: URL,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/**
 * Stubs fetch: settings and employers answer from the arguments, anything else goes to
 * `route` (a 404 when it answers nothing). Returns the mock to inspect the calls.
 */
export function stubApi({
  employers = [makeEmployer()],
  settings = makeSettings(),
  route,
}: {
  employers?: Employer[];
  settings?: Settings;
  route?: Route;
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/settings') return jsonResponse(settings);
    if (method === 'GET' && url.pathname === '/api/employers') return jsonResponse(employers);
    const answer = await route?.(url, init);
    return answer ?? jsonResponse({ code: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Makes the page as wide as a desktop (from 768 px: the table) until the test ends. */
export function desktop() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === '(min-width: 768px)',
  })) as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = original;
  });
}

/** The list requests (GET /api/work-logs) made so far, with their parsed URLs. */
export const listCalls = (fetchMock: ReturnType<typeof stubApi>, path = '/api/work-logs') =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => url.pathname === path && !init?.method);

type ListOptions = {
  settings?: Settings;
  /** The summary's answer; by default the logs' count with fixed totals. */
  summary?: () => Response | Promise<Response>;
  /** Answers other requests first (a search, a write). */
  route?: Route;
};

/** The page's data: two employers, `logs` for any list request, and a summary. */
export function stubList(logs: WorkLog[], { settings, summary, route }: ListOptions = {}) {
  return stubApi({
    employers: [
      makeEmployer({ id: 1, departments: ['Design'] }),
      makeEmployer({ id: 2, name: 'Northwind' }),
    ],
    ...(settings ? { settings } : {}),
    route: async (url, init) => {
      const answer = await route?.(url, init);
      if (answer) return answer;
      if (url.pathname === '/api/work-logs' && !init?.method) return jsonResponse(logs);
      if (url.pathname === '/api/work-logs/summary') {
        return summary
          ? summary()
          : jsonResponse({ count: logs.length, totalHours: '15.5', totalEarnings: '387.50' });
      }
      return undefined;
    },
  });
}
