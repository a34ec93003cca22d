// Plain class strings, not components/ui: the landing page is built alongside the UI kit
// and must stay light for the first visit.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export const primaryLink = `${base} bg-primary text-primary-foreground hover:bg-primary/90`;

export const outlineLink = `${base} border border-border bg-card text-card-foreground hover:bg-accent hover:text-accent-foreground`;

export const ghostLink = `${base} text-foreground hover:bg-accent hover:text-accent-foreground`;

export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';
