import { lazy } from 'react';

// The card brings the connect form (react-hook-form, zod): it loads with Settings →
// Integrations, not with every page that reads the Notion status.
const loadNotionCard = () => import('./notion-card');

// Pure: a page that imports the feature but not the card keeps none of this.
export const LazyNotionCard = /* @__PURE__ */ lazy(() =>
  loadNotionCard().then((module) => ({ default: module.NotionCard })),
);

export function preloadNotionCard() {
  // A failed warm-up is not an error: showing the card asks again.
  void loadNotionCard().catch(() => {});
}
