import { Link } from 'wouter';
import { Brand } from './brand';
import { container, ghostLink, primaryLink } from './link-styles';

export function LandingNav() {
  return (
    <header className="sticky top-0 z-10 border-border border-b bg-background/90 backdrop-blur">
      <nav
        aria-label="Main"
        className={`${container} flex h-16 items-center justify-between gap-2`}
      >
        <Link
          href="/"
          aria-label="Hourbook home"
          className="rounded-lg text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <Brand />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link href="/login" className={`${ghostLink} h-9 px-3 text-sm`}>
            Sign In
          </Link>
          <Link href="/login" className={`${primaryLink} h-9 px-3 text-sm sm:px-4`}>
            Launch App
          </Link>
        </div>
      </nav>
    </header>
  );
}
