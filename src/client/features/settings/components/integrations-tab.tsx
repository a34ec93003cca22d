import { NotionCard } from '@/features/notion';
import { CalendarFeedCard } from './calendar-feed-card';

/** docs/product/deviations.md#further-choices. */
export function IntegrationsTab() {
  return (
    <div className="space-y-6">
      <CalendarFeedCard />
      <NotionCard />
    </div>
  );
}
