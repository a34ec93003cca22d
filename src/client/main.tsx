import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './app/root';
import { isPublicPageName, publicPageAt } from './prerender/public-pages';
import './index.css';

// Without `jitless` zod tries `new Function`, a CSP violation. zod reads this global when it
// loads, so setting it here keeps zod itself out of the entry chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A page rendered at build time (scripts/prerender.mjs) is hydrated.
const rendered = container.dataset.prerendered;
const prerendered =
  isPublicPageName(rendered) && publicPageAt(window.location.pathname) === rendered
    ? rendered
    : undefined;
const app = (
  <StrictMode>
    <Root prerendered={prerendered} />
  </StrictMode>
);

if (prerendered) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
