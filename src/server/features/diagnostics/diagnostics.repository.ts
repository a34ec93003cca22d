import { eq } from 'drizzle-orm';
import type { DiagnosticsResponse } from '../../../shared/schemas/diagnostics.ts';
import type { Executor } from '../../db/open.ts';
import { gmailTokens, notionConnections } from '../../db/schema/index.ts';

export async function connectionStates(
  db: Executor,
  userId: number,
): Promise<Pick<DiagnosticsResponse, 'mailAccount' | 'notion'>> {
  const [[mail], [notion]] = await Promise.all([
    db
      .select({ needsReauth: gmailTokens.needsReauth })
      .from(gmailTokens)
      .where(eq(gmailTokens.userId, userId)),
    db
      .select({ state: notionConnections.state })
      .from(notionConnections)
      .where(eq(notionConnections.userId, userId)),
  ]);
  return {
    mailAccount: !mail ? 'not-connected' : mail.needsReauth ? 'needs-reauth' : 'connected',
    notion: notion?.state === 'ok' ? 'connected' : 'not-connected',
  };
}
