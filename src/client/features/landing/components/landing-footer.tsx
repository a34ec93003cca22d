import { Brand } from './brand';
import { container } from './link-styles';

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-border border-t bg-card text-card-foreground">
      <div
        className={`${container} flex flex-col gap-4 py-10 sm:flex-row sm:items-center sm:justify-between`}
      >
        <div>
          <Brand />
          <p className="mt-2 text-muted-foreground text-sm">
            Track your shifts, know what you earned, send your timesheets.
          </p>
        </div>
        <p className="text-muted-foreground text-sm">© {year} Hourbook</p>
      </div>
    </footer>
  );
}
