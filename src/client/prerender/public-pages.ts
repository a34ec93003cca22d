import { normalizePath } from '../app/case-insensitive-parser';

/**
 * The pages a signed-out visitor can open first: rendered to HTML at build time
 * (scripts/prerender.mjs renders them through ./render.tsx), shown without JavaScript, then
 * hydrated (src/client/main.tsx). docs/decisions/020-prerendered-entry-pages.md.
 */
export type PublicPageName = 'landing' | 'login' | 'register';

export type PublicPage = {
  path: string;
  /** The document title while the page shows; the app's own pages keep DEFAULT_TITLE. */
  title: string;
};

export const DEFAULT_TITLE = 'Hourbook';

export const publicPages: Record<PublicPageName, PublicPage> = {
  landing: { path: '/', title: 'Hourbook: track your shifts, earnings and timesheets' },
  login: { path: '/login', title: 'Sign in · Hourbook' },
  register: { path: '/register', title: 'Create your account · Hourbook' },
};

const byPath = new Map(
  Object.entries(publicPages).map(([name, page]) => [page.path, name as PublicPageName]),
);

/** The public page at a path, in any case and with or without a trailing slash. */
export function publicPageAt(pathname: string): PublicPageName | null {
  return byPath.get(normalizePath(pathname)) ?? null;
}

export function isPublicPageName(value: unknown): value is PublicPageName {
  return typeof value === 'string' && Object.hasOwn(publicPages, value);
}
