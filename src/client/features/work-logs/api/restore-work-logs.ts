import { sendJson } from '@/lib/api-client';
import type { RestoreWorkLogsResult } from '../../../../shared/schemas/work-logs.ts';

/** POST /api/work-logs/restore: the shifts of one delete back as they were, all or none. */
export function restoreWorkLogs(token: string): Promise<RestoreWorkLogsResult> {
  return sendJson<RestoreWorkLogsResult>('POST', '/api/work-logs/restore', { token });
}
