import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { PayPreview, PayPreviewBody } from '../../../../shared/schemas/work-logs.ts';

/** The shift as typed, priced by the server with the rest of its workweek. */
export function getPayPreview(body: PayPreviewBody): Promise<PayPreview> {
  return sendJson<PayPreview>('POST', '/api/work-logs/pay-preview', body);
}

/**
 * A read that is a POST (the body is the shift typed so far), so its key is kept out of
 * workLogKeys, whose roots are GET addresses. Never retried: the next keystroke asks again, and
 * a failure must not hold up saving.
 */
export function usePayPreview(body: PayPreviewBody | null) {
  return useQuery({
    queryKey: ['work-log-pay-preview', body] as const,
    queryFn: () => getPayPreview(body as PayPreviewBody),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    gcTime: 60_000,
  });
}
