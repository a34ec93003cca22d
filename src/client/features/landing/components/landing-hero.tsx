import { ArrowRight, CircleCheck } from 'lucide-react';
import { Link } from 'wouter';
import { HeroTimesheet } from './hero-timesheet';
import { container, outlineLink, primaryLink } from './link-styles';

const promises = ['PDF and CSV exports', 'Send from Gmail', 'Self-hostable'];

export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden">
      <div
        className={`${container} grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:py-24`}
      >
        <div>
          <p className="inline-flex rounded-full bg-accent px-3 py-1 font-medium text-accent-foreground text-sm">
            Free · No credit card required
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-balance font-bold text-4xl tracking-tight sm:text-5xl"
          >
            Track every shift, across all your jobs
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            Log your hours per employer, know exactly what you earned after breaks, rounding and
            tax, and send professional PDF or CSV timesheets from your own mail account.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/register" className={`${primaryLink} h-11 px-6`}>
              Get Started
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link href="/login" className={`${outlineLink} h-11 px-6`}>
              Sign In
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground text-sm">
            {promises.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-1.5">
                <CircleCheck className="size-4 text-primary" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <HeroTimesheet />
      </div>
    </section>
  );
}
