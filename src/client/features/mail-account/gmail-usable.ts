import type { GmailStatus } from '../../../shared/schemas/mail-account.ts';

export function gmailUsable(
  status: Pick<GmailStatus, 'authorized' | 'needsReauth'> | null | undefined,
): boolean {
  return status?.authorized === true && !status.needsReauth;
}
