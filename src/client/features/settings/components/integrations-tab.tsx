import { NotionCard } from '@/features/notion';

/**
 * Settings → Integrations (docs/product/deviations.md#further-choices):
 * where work logs are copied to. Its cards load behind the page, like Export (docs/decisions/004).
 */
export function IntegrationsTab() {
  return (
    <div className="space-y-6">
      <NotionCard />
    </div>
  );
}
