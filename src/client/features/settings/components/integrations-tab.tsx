import { NotionCard } from '@/features/notion';

/** docs/product/deviations.md#further-choices. */
export function IntegrationsTab() {
  return (
    <div className="space-y-6">
      <NotionCard />
    </div>
  );
}
