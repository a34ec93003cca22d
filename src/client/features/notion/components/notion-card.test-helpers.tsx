/** What the Notion card tests share: the card as Settings → Integrations shows it, over a mocked API. */
import { makeNotionStatus } from '@/test/fixtures';
import { mockApi, type Routes } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NotionCard } from './notion-card';

/** GET /api/notion for a user who has not connected Notion. */
export const notionNotConnected = makeNotionStatus({
  connected: false,
  state: null,
  databaseId: null,
  databaseTitle: null,
  synced: 0,
  total: 0,
});

/** The card, with the API answering from `routes` (GET /api/notion: not connected). */
export function renderNotionCard(routes: Routes = {}) {
  const api = mockApi({ 'GET /api/notion': notionNotConnected, ...routes });
  const result = renderWithProviders(
    <section aria-label="Integrations">
      <NotionCard />
    </section>,
  );
  return { ...result, api };
}
