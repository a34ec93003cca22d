import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { pageTitle, useDocumentTitle } from '@/lib/use-document-title';

/** The any-other-path screen. Standalone (signed out) it brings its own main landmark. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  useDocumentTitle(pageTitle('Page not found'));
  const content = (
    <div className="mx-auto w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 font-bold text-destructive"
        >
          !
        </span>
        <h1 className="font-bold text-2xl">404 Page Not Found</h1>
      </div>
      <p className="mt-4 text-muted-foreground text-sm">
        Did you forget to add the page to the router?
      </p>
      <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
        Go to the home page
      </Link>
    </div>
  );
  if (!standalone) return <div className="py-12">{content}</div>;
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4">
      {content}
    </main>
  );
}
