import { useEffect } from 'react';
import { DEFAULT_TITLE } from '@/prerender/public-pages';

/** 'Work Logs · Hourbook': a page's name in the browser tab, history and bookmarks. */
export const pageTitle = (name: string) => `${name} · ${DEFAULT_TITLE}`;

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
