// Built for Node by scripts/prerender.mjs (a Vite SSR build) and run there after `vite build`.

import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { BootScreen, RootRoutes } from '../app/root';
import { type PublicPageName, publicPages } from './public-pages';

/** Each page's meta description (only in its HTML, so not in the browser's entry chunk). */
const descriptions: Record<PublicPageName, string> = {
  landing:
    'Log your shifts per employer, see what you earned after breaks, rounding and tax, and send professional PDF or CSV timesheets. Free, self-hostable.',
  login: 'Sign in to Hourbook to log your shifts, see your earnings and send your timesheets.',
  register:
    'Create a free Hourbook account: track the hours you work for every employer and send professional timesheets. No credit card required.',
};

/** The pages to render, with what their HTML head says about them. */
export const pagesToRender = Object.entries(publicPages).map(([name, page]) => ({
  name: name as PublicPageName,
  path: page.path,
  title: page.title,
  description: descriptions[name as PublicPageName],
}));

async function toHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** What the shell shows until the app has started: the app's own boot screen. */
export function renderShell(): Promise<string> {
  return toHtml(<BootScreen />);
}

/**
 * A public page as HTML, the same tree src/client/main.tsx hydrates (StrictMode and the theme
 * provider render no element of their own). Waits for the lazy page chunk, so the HTML is
 * complete.
 */
export async function renderPage(name: PublicPageName): Promise<string> {
  return toHtml(
    <StrictMode>
      <RootRoutes prerendered={name} />
    </StrictMode>,
  );
}
