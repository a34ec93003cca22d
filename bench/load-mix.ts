// The calls the client makes, with the URLs and bodies it builds (src/client/features/*/api).
import { addDays, todayIn, workLogPeriod } from '../src/shared/domain/index.ts';
import type { CreateWorkLogBody, UpdateWorkLogBody } from '../src/shared/schemas/work-logs.ts';
import type { LoadUser, randomSource } from './load-seed.ts';

type Random = ReturnType<typeof randomSource>;

export interface MixRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
}

export interface MixKind {
  name: string;
  /** Share of all requests, in percent. */
  weight: number;
  build(user: LoadUser, random: Random): MixRequest;
}

/** The work-log page's size plus the one row that tells whether a next page exists. */
const PAGE_LIMIT = 51;
const NOTES = ['Stayed for the stocktake', 'Swapped with Sam', 'Covered a late handover'];

/** The list's query string as workLogsUrl builds it: set parts only, in the client's order. */
function listQuery(from: string | undefined, to: string | undefined, paged: boolean) {
  const query = new URLSearchParams();
  if (from && to) {
    query.set('from', from);
    query.set('to', to);
  }
  if (paged) {
    query.set('limit', String(PAGE_LIMIT));
    query.set('offset', '0');
  }
  return query.toString();
}

const thisMonth = (user: LoadUser) => workLogPeriod('this-month', user.timeZone)!;

const json = (body: CreateWorkLogBody | UpdateWorkLogBody) => JSON.stringify(body);

export const mix: MixKind[] = [
  {
    name: 'GET dashboard/stats',
    weight: 20,
    build: (user) => ({ method: 'GET', path: `/api/dashboard/stats?period=${user.period}` }),
  },
  {
    name: 'GET dashboard/weekly-hours',
    weight: 10,
    build: (user) => ({ method: 'GET', path: `/api/dashboard/weekly-hours?period=${user.period}` }),
  },
  {
    name: 'GET dashboard/recent',
    weight: 8,
    build: () => ({ method: 'GET', path: '/api/dashboard/recent-work-logs' }),
  },
  {
    name: 'GET work-logs (month)',
    weight: 18,
    build: (user) => {
      const { from, to } = thisMonth(user);
      return { method: 'GET', path: `/api/work-logs?${listQuery(from, to, true)}` };
    },
  },
  {
    name: 'GET work-logs/summary',
    weight: 10,
    build: (user) => {
      const { from, to } = thisMonth(user);
      return { method: 'GET', path: `/api/work-logs/summary?${listQuery(from, to, false)}` };
    },
  },
  {
    name: 'GET employers',
    weight: 10,
    build: () => ({ method: 'GET', path: '/api/employers' }),
  },
  {
    name: 'POST work-logs',
    weight: 12,
    build: (user, random) => {
      const employer = random.pick(user.employers);
      const start = random.int(14, 22) * 30;
      const department =
        employer.departments.length > 0 ? random.pick(employer.departments) : undefined;
      return {
        method: 'POST',
        path: '/api/work-logs',
        body: json({
          employerId: employer.id,
          date: addDays(todayIn(user.timeZone), -random.int(0, 6)),
          startTime: `${String(Math.floor(start / 60)).padStart(2, '0')}:${start % 60 ? '30' : '00'}`,
          endTime: '17:45',
          breakDuration: random.pick([0, 15, 30]),
          ...(department ? { department } : {}),
          ...(random.next() < 0.2 ? { note: random.pick(NOTES) } : {}),
          // Shifts of the same day overlap: confirmed, as a user would after the warning.
          allowOverlap: true,
        }),
      };
    },
  },
  {
    name: 'PATCH work-logs/:id',
    weight: 12,
    build: (user, random) => {
      // Every seeded shift lasts 4 hours or more, so none of these changes can be refused.
      const changes: UpdateWorkLogBody[] = [
        { breakDuration: random.pick([0, 15, 30, 45]) },
        { note: random.pick(NOTES) },
        { status: random.pick(['pending', 'approved', 'paid'] as const) },
      ];
      return {
        method: 'PATCH',
        path: `/api/work-logs/${random.pick(user.logIds)}`,
        body: json(random.pick(changes)),
      };
    },
  },
];

export function pickKind(random: Random): MixKind {
  const total = mix.reduce((sum, kind) => sum + kind.weight, 0);
  let roll = random.next() * total;
  for (const kind of mix) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return mix[mix.length - 1]!;
}
