import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

type AuthLayoutProps = {
  /** The whole document title, 'Sign in · Hourbook' (the build-time HTML has the same). */
  documentTitle: string;
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
};

export function AuthLayout({ documentTitle, title, subtitle, children, footer }: AuthLayoutProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="px-4 py-5 sm:px-8">
        <Link
          href="/"
          className="inline-flex items-center gap-2 rounded-md font-bold text-foreground text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Clock className="size-4" aria-hidden="true" />
          </span>
          Hourbook
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <div className="mb-6 space-y-1.5 text-center">
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
            <p className="text-muted-foreground text-sm">{subtitle}</p>
          </div>
          {children}
          {footer ? (
            <div className="mt-6 text-center text-muted-foreground text-sm">{footer}</div>
          ) : null}
        </Card>
      </main>
    </div>
  );
}

export const authLinkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
