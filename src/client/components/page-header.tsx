import type { ReactNode } from 'react';
import { pageTitle, useDocumentTitle } from '@/lib/use-document-title';

type PageHeaderProps = { title: string; subtitle: string; actions?: ReactNode };

/** Every signed-in page's single h1 and the line under it; the h1 also names the browser tab. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(pageTitle(title));
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{subtitle}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
