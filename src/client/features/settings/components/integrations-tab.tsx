import { NotionCard } from './notion-card';

/**
 * Settings → Integrations (a deviation from SPEC.md §2's tab list, from the issue "Step 10"):
 * where work logs are copied to. Loaded behind the page, like Export (docs/decisions/004).
 */
export function IntegrationsTab() {
  return (
    <div className="space-y-6">
      <NotionCard />
    </div>
  );
}
