import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './app/root';
import { isPublicPageName, publicPageAt } from './prerender/public-pages';
import './index.css';

// zod compiles object schemas with `new Function` unless `jitless` is set, and Chromium reports
// each attempt against the CSP (script-src 'self') as a violation. zod takes its configuration
// from this global when it loads (zod/v4/core/core.js), so setting it here, before any chunk
// that brings zod, keeps zod itself out of the entry chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A public page rendered at build time (scripts/prerender.mjs) is hydrated: its HTML already
// shows. Every other page starts from the empty shell.
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
