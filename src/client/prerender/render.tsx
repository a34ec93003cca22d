import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { BootScreen, RootRoutes } from '../app/root';
import { type PublicPageName, publicPages } from './public-pages';

/** Only in the HTML, so not in the browser's entry chunk. */
const descriptions: Record<PublicPageName, string> = {
  landing:
    'Log your shifts per employer, see what you earned after breaks, rounding and tax, and send professional PDF or CSV timesheets. Free, self-hostable.',
  login: 'Sign in to Hourbook to log your shifts, see your earnings and send your timesheets.',
  register:
    'Create a free Hourbook account: track the hours you work for every employer and send professional timesheets. No credit card required.',
};

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

export function renderShell(): Promise<string> {
  return toHtml(<BootScreen />);
}

/** The same tree src/client/main.tsx hydrates (the theme provider renders no element). */
export async function renderPage(name: PublicPageName): Promise<string> {
  return toHtml(
    <StrictMode>
      <RootRoutes prerendered={name} />
    </StrictMode>,
  );
}
