import { eq } from 'drizzle-orm';
import type { DiagnosticsResponse } from '../../../shared/schemas/diagnostics.ts';
import type { Executor } from '../../db/open.ts';
import { gmailTokens, settings } from '../../db/schema/index.ts';

/** The state of the user's own connections, as far as they exist. */
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
      .select({ token: settings.notionTokenEncrypted, database: settings.notionDatabaseId })
      .from(settings)
      .where(eq(settings.userId, userId)),
  ]);
  return {
    mailAccount: !mail ? 'not-connected' : mail.needsReauth ? 'needs-reauth' : 'connected',
    notion: notion?.token && notion.database ? 'connected' : 'not-connected',
  };
}
