import { vi } from 'vitest';
import { makeEmployer as baseEmployer } from '@/test/fixtures';
import { jsonResponse } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

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

export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    id: 1,
    userId: 1,
    defaultExportFormat: 'pdf',
    roundTime: 'none',
    taxCalculation: 'add',
    timeFormat: '12-hour',
    timeZone: 'America/New_York',
    includeSummary: true,
    theme: 'light',
    ...overrides,
  };
}

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

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
