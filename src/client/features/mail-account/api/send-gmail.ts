import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendForm, sendJson } from '@/lib/api-client';
import type { MailSend, SendGmailBody } from '../../../../shared/schemas/mail-account.ts';
import { gmailStatusQueryKey } from './gmail-status';

export type SendGmailRequest = Omit<SendGmailBody, 'timesheetId'> &
  ({ timesheetId: number; file?: undefined } | { file: File; timesheetId?: undefined });

export function sendGmail(request: SendGmailRequest): Promise<MailSend> {
  const { file, ...fields } = request;
  if (!file) return sendJson<MailSend>('POST', '/api/send-email-gmail', fields);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  form.append('attachment', file, file.name);
  return sendForm<MailSend>('POST', '/api/send-email-gmail', form);
}

/** docs/product/screens.md#messages. */
export function isGmailNotAuthorized(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.message.includes('Gmail not authorized')) ||
    (typeof error === 'string' && error.includes('Gmail not authorized'))
  );
}

export function useSendGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGmail,
    onError: (error) => {
      if (isGmailNotAuthorized(error))
        void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
    },
  });
}

export const mailSendQueryKey = (id: number) => ['/api/send-email-gmail', id] as const;

export async function getMailSend(id: number, signal?: AbortSignal): Promise<MailSend | null> {
  return getJson<MailSend>(`/api/send-email-gmail/${id}`, { on401: 'returnNull', signal });
}

/** "Send again" of a message Gmail did not confirm (the user checked their Sent folder). */
export function useResendGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<MailSend>('POST', `/api/send-email-gmail/${id}/resend`),
    onSuccess: (send) => queryClient.setQueryData(mailSendQueryKey(send.id), send),
    onError: (error) => {
      if (isGmailNotAuthorized(error))
        void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
    },
  });
}

export const SEND_POLL_MS = 1000;

export function useMailSend(id: number | null) {
  return useQuery({
    queryKey: mailSendQueryKey(id ?? 0),
    queryFn: ({ signal }) => getMailSend(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' || query.state.data === undefined
        ? SEND_POLL_MS
        : false,
  });
}
