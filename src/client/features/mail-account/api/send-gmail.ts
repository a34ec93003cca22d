import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendForm, sendJson } from '@/lib/api-client';
import type { MailSend, SendGmailBody } from '../../../../shared/schemas/mail-account.ts';
import { gmailStatusQueryKey } from './gmail-status';

export type SendGmailRequest = Omit<SendGmailBody, 'timesheetId'> &
  ({ timesheetId: number; file?: undefined } | { file: File; timesheetId?: undefined });

/**
 * POST /api/send-email-gmail: a generated timesheet goes by id as JSON; a file the user chose
 * goes as multipart, the file in the part `attachment`. Answers the queued send (202).
 */
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

/** Whether the server refused because the mailbox is not (or no longer) connected (docs/product/screens.md#messages). */
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
    // 'Gmail not authorized': the status is rechecked (docs/product/screens.md#messages).
    onError: (error) => {
      if (isGmailNotAuthorized(error))
        void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
    },
  });
}

export const mailSendQueryKey = (id: number) => ['/api/send-email-gmail', id] as const;

/** GET /api/send-email-gmail/:id */
export async function getMailSend(id: number, signal?: AbortSignal): Promise<MailSend | null> {
  return getJson<MailSend>(`/api/send-email-gmail/${id}`, { on401: 'returnNull', signal });
}

/**
 * POST /api/send-email-gmail/:id/resend: "Send again" of a message Gmail did not confirm (the
 * user checked their Sent folder). Answers the send, queued again; it is watched as before.
 */
export function useResendGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<MailSend>('POST', `/api/send-email-gmail/${id}/resend`),
    // The watched send is queued again: its poll starts anew from this answer.
    onSuccess: (send) => queryClient.setQueryData(mailSendQueryKey(send.id), send),
    onError: (error) => {
      if (isGmailNotAuthorized(error))
        void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
    },
  });
}

/** How often and how long a queued send is watched before the dialog lets go of it. */
export const SEND_POLL_MS = 1000;

/**
 * Follows a queued send until it is sent or failed: asked every second while it is queued.
 * `null` id: nothing is watched.
 */
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
