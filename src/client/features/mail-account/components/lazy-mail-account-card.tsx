import { lazy } from 'react';

// Loaded with Settings → Export, not with every page that reads the mail status.
const loadMailAccountCard = () => import('./mail-account-card');

// Pure: a page that imports the feature but not the card keeps none of this.
export const LazyMailAccountCard = /* @__PURE__ */ lazy(() =>
  loadMailAccountCard().then((module) => ({ default: module.MailAccountCard })),
);

export function preloadMailAccountCard() {
  // A failed warm-up is not an error: showing the card asks again.
  void loadMailAccountCard().catch(() => {});
}
