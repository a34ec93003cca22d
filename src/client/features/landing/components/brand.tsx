import { Clock } from 'lucide-react';

export function Brand() {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Clock className="size-5" aria-hidden="true" />
      </span>
      <span className="font-semibold text-lg tracking-tight">Hourbook</span>
    </span>
  );
}
