import { clsx } from 'clsx';

type SpinnerProps = {
  className?: string;
  /** null when a parent already says what is loading. */
  label?: string | null;
};

/** A CSS-only spinner (no icon, no tailwind-merge) so it can live in the entry chunk. */
export function Spinner({ className = 'size-5', label = 'Loading' }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        className,
      )}
    />
  );
  if (label === null) return circle;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center text-primary">
      <Spinner className="size-8" />
    </div>
  );
}
