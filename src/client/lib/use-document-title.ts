import { useEffect } from 'react';
import { DEFAULT_TITLE } from '@/prerender/public-pages';

export const pageTitle = (name: string) => `${name} · ${DEFAULT_TITLE}`;

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
