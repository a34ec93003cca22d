import { makeEmployer, makeSettings } from '@/test/fixtures';
import { type ApiCall, mockApi, type Reply, type Routes } from '@/test/mock-api';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** What the Work Logs page's tests share: its data on the network and its requests. */

/** The employers the page lists in its filter: Acme Studio (with a Design department) and Northwind. */
const pageEmployers = [
  makeEmployer({ id: 1, name: 'Acme Studio', hourlyRate: '25.00', departments: ['Design'] }),
  makeEmployer({ id: 2, name: 'Northwind', hourlyRate: '25.00' }),
];

type PageApiOptions = {
  settings?: Settings;
  /** GET /api/work-logs/summary; by default the logs' count with fixed totals. */
  summary?: Reply;
  /** More routes, or other answers for the page's own (a search, a write, a failure). */
  routes?: Routes;
};

/** The page's data on the network: settings, two employers, `logs` for any list, a summary. */
export function mockWorkLogsApi(
  logs: WorkLog[],
  { settings, summary, routes }: PageApiOptions = {},
) {
  return mockApi({
    'GET /api/settings': settings ?? makeSettings(),
    'GET /api/employers': pageEmployers,
    'GET /api/work-logs': logs,
    'GET /api/work-logs/summary': summary ?? {
      count: logs.length,
      totalHours: '15.5',
      totalEarnings: '387.50',
    },
    ...routes,
  });
}

/** The query of a request: `query(call).get('search')`. */
export const query = (call: Pick<ApiCall, 'url'>) =>
  new URL(call.url, 'http://localhost').searchParams;

/** The URLs of the page's GET requests to `path` (the list, or its summary), oldest first. */
export const listCalls = (api: ReturnType<typeof mockApi>, path = '/api/work-logs') =>
  api.calls(`GET ${path}`).map((call) => new URL(call.url, 'http://localhost'));
