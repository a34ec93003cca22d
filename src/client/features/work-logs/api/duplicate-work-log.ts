import { sendJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** POST /api/work-logs/:id/duplicate: copies on each date, all saved or none. */
export async function duplicateWorkLog({
  id,
  dates,
}: {
  id: number;
  dates: string[];
}): Promise<WorkLog[]> {
  return sendJson<WorkLog[]>('POST', `/api/work-logs/${id}/duplicate`, { dates });
}
