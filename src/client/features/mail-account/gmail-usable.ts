import type { GmailStatus } from '../../../shared/schemas/mail-account.ts';

/** Whether a message can go through the user's Gmail now: connected, and not needing reauth. */
export function gmailUsable(
  status: Pick<GmailStatus, 'authorized' | 'needsReauth'> | null | undefined,
): boolean {
  return status?.authorized === true && !status.needsReauth;
}
