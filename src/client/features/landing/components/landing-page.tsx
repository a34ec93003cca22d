import { useDocumentTitle } from '@/lib/use-document-title';
import { publicPages } from '@/prerender/public-pages';
import { LandingAudiences } from './landing-audiences';
import { LandingClosingCta } from './landing-closing-cta';
import { LandingFeatures } from './landing-features';
import { LandingFooter } from './landing-footer';
import { LandingHero } from './landing-hero';
import { LandingNav } from './landing-nav';
import { LandingSteps } from './landing-steps';
import { LandingWhyChoose } from './landing-why-choose';

export function LandingPage() {
  useDocumentTitle(publicPages.landing.title);
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip bg-background text-foreground">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        Skip to content
      </a>
      <LandingNav />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <LandingHero />
        <LandingFeatures />
        <LandingWhyChoose />
        <LandingAudiences />
        <LandingSteps />
        <LandingClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}

// React.lazy needs a default export.
export default LandingPage;
