import { normalizePath } from '../app/case-insensitive-parser';

/** Rendered at build time by scripts/prerender.mjs, then hydrated (decision 020). */
export type PublicPageName = 'landing' | 'login' | 'register';

export type PublicPage = {
  path: string;
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

export function publicPageAt(pathname: string): PublicPageName | null {
  return byPath.get(normalizePath(pathname)) ?? null;
}

export function isPublicPageName(value: unknown): value is PublicPageName {
  return typeof value === 'string' && Object.hasOwn(publicPages, value);
}
