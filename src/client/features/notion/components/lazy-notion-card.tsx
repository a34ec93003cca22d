import { lazy } from 'react';

// The card brings the connect form (react-hook-form, zod): it loads with Settings →
// Integrations, not with every page that reads the Notion status.
const loadNotionCard = () => import('./notion-card');

/** NotionCard, loaded the first time it shows (or earlier, when preloaded). */
// Pure: a page that imports the feature but not the card keeps none of this.
export const LazyNotionCard = /* @__PURE__ */ lazy(() =>
  loadNotionCard().then((module) => ({ default: module.NotionCard })),
);

/** Starts fetching the card's code without showing it. */
export function preloadNotionCard() {
  // A failed warm-up is not an error: showing the card asks again.
  void loadNotionCard().catch(() => {});
}
