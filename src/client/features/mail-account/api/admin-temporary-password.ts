import { useMutation } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { AdminTemporaryPassword, MailSend } from '../../../../shared/schemas/mail-account.ts';

export function generateTemporaryPassword(userEmail: string): Promise<AdminTemporaryPassword> {
  return sendJson<AdminTemporaryPassword>('POST', '/api/admin/temporary-password', { userEmail });
}

export function sendTemporaryPasswordEmail(body: {
  userEmail: string;
  temporaryPassword: string;
}): Promise<MailSend> {
  return sendJson<MailSend>('POST', '/api/admin/send-temp-password-email', body);
}

export function useGenerateTemporaryPassword() {
  return useMutation({ mutationFn: generateTemporaryPassword });
}

export function useSendTemporaryPasswordEmail() {
  return useMutation({ mutationFn: sendTemporaryPasswordEmail });
}
