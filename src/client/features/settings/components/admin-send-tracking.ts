import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { gmailStatusQueryKey, isGmailNotAuthorized, useMailSend } from '@/features/mail-account';
import { ApiError, isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { GMAIL_UNCONFIRMED } from '../../../../shared/schemas/mail-account.ts';

const SEND_FAILED = 'Failed to Send Email';

/** docs/product/screens.md#messages. */
export function toastSendFailure(error: unknown, queryClient: QueryClient) {
  if (isSessionEnded(error)) return;
  const notAuthorized =
    (error instanceof ApiError && error.code === 'gmail_not_authorized') ||
    isGmailNotAuthorized(error);
  if (notAuthorized) {
    void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
    toast({
      title: 'Gmail Authorization Expired',
      description: 'Please reconnect your Gmail account and try again.',
      variant: 'destructive',
    });
    return;
  }
  const description =
    typeof error === 'string' ? error : errorMessage(error, 'The email could not be sent.');
  toast({ title: SEND_FAILED, description, variant: 'destructive' });
}

export function useTrackedSend() {
  const queryClient = useQueryClient();
  const [tracked, setTracked] = useState<{ id: number; to: string } | null>(null);
  const mail = useMailSend(tracked?.id ?? null);

  useEffect(() => {
    const data = mail.data;
    if (!tracked || !data || data.id !== tracked.id || data.status === 'queued') return;
    setTracked(null);
    if (data.status === 'sent') {
      toast({
        title: 'Email Sent Successfully',
        description: `The temporary password was sent to ${tracked.to}.`,
        variant: 'success',
      });
    } else if (data.status === 'unconfirmed') {
      toast({
        title: 'Gmail Did Not Confirm',
        description: `${GMAIL_UNCONFIRMED} (to ${tracked.to})`,
        variant: 'destructive',
      });
    } else {
      toastSendFailure(data.error ?? 'The email could not be sent.', queryClient);
    }
  }, [mail.data, tracked, queryClient]);

  const track = useCallback((id: number, to: string) => setTracked({ id, to }), []);
  /** While queued: the last error of a send the worker is still retrying. */
  const retryError = tracked && mail.data?.id === tracked.id ? mail.data.error : null;
  return { sending: tracked, retryError, track };
}
