import { z } from 'zod';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { unseal } from '../../lib/seal.ts';
import { findTokens } from './gmail.repository.ts';
import { type GmailDeps, TOKEN_PURPOSE } from './gmail.service.ts';
import { isRefusedGrant } from './gmail-oauth.ts';

export const revokePayload = z.object({
  token: z.string().min(1),
  userId: z.number().int().optional(),
  disconnectedAt: z.iso.datetime().optional(),
});

/** Retried through an outage; a token the provider no longer knows counts as revoked. */
export function gmailRevokeHandler(deps: GmailDeps): JobHandler<z.output<typeof revokePayload>> {
  return async (payload, { log }) => {
    const token = unseal(deps.secret, TOKEN_PURPOSE, payload.token);
    if (!token) throw new PermanentJobError('gmail.revoke token cannot be opened with this secret');
    if (!deps.oauth) throw new PermanentJobError('Gmail is not configured on this server');
    // Google revokes the whole grant, the user's newer connection with it: a user who has
    // connected again since (while this waited out an outage) keeps that connection.
    const { userId, disconnectedAt } = payload;
    if (userId !== undefined && disconnectedAt !== undefined) {
      const current = await findTokens(deps.db, userId);
      if (current && current.updatedAt.getTime() >= Date.parse(disconnectedAt)) {
        log.info('gmail was connected again since; the grant is left alone');
        return;
      }
    }
    try {
      await deps.oauth.revoke(token);
    } catch (error) {
      if (isRefusedGrant(error) || isUnknownToken(error)) {
        log.info('gmail grant was already gone at the provider');
        return;
      }
      throw error;
    }
    log.info('gmail grant revoked at the provider');
  };
}

/** RFC 7009: 'invalid_token' … or Google's 400 'invalid_token' for one already revoked. */
function isUnknownToken(error: unknown): boolean {
  return (error as { error?: unknown } | null)?.error === 'invalid_token';
}
