import { queryOptions, useQuery } from '@tanstack/react-query';
import { workLogKeys } from '@/features/work-logs';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

export type ReportLogParams = { employerId: number; from: string; to: string };

/** The most GET /api/work-logs gives at once (its `limit` allows 1 to 1000). */
export const REPORT_LOGS_PAGE = 1000;

/**
 * Every log of one employer from `from` to `to`, oldest first as a timesheet lists them. The
 * list is paged by the server, so a long range is read page by page until a short one.
 */
export async function getReportLogs(
  { employerId, from, to }: ReportLogParams,
  signal?: AbortSignal,
): Promise<WorkLog[]> {
  const logs: WorkLog[] = [];
  for (let offset = 0; ; offset += REPORT_LOGS_PAGE) {
    const query = new URLSearchParams({
      employerId: String(employerId),
      from,
      to,
      limit: String(REPORT_LOGS_PAGE),
      offset: String(offset),
    });
    const page =
      (await getJson<WorkLog[]>(`/api/work-logs?${query}`, { on401: 'returnNull', signal })) ?? [];
    logs.push(...page);
    if (page.length < REPORT_LOGS_PAGE) break;
  }
  return logs.sort(
    (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.id - b.id,
  );
}

// Keyed under '/api/work-logs', so saving or deleting a log refreshes the preview too.
export const reportLogsQueryOptions = (params: ReportLogParams) =>
  queryOptions({
    queryKey: workLogKeys.reportPreview(params),
    queryFn: ({ signal }) => getReportLogs(params, signal),
  });

/** Nothing is asked until an employer and a valid range are chosen (`params` null). */
export function useReportLogs(params: ReportLogParams | null) {
  return useQuery({
    ...reportLogsQueryOptions(params ?? { employerId: 0, from: '', to: '' }),
    enabled: params !== null,
  });
}
