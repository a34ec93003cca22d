import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { container } from './link-styles';

export function LandingClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="pb-16 sm:pb-24">
      <div className={container}>
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 sm:py-16">
          <h2 id="cta-title" className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">
            Know what every hour earned you
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg">
            Start logging your shifts today. Hourbook is free, with no credit card required.
          </p>
          <Link
            href="/register"
            className="mt-8 inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-background px-6 font-medium text-foreground transition-colors hover:bg-background/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-background focus-visible:ring-offset-2 focus-visible:ring-offset-primary"
          >
            Create your free account
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
