import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ScrollTableProps = { label: string; children: ReactNode; className?: string };

/**
 * The frame takes focus so keyboards can scroll it (axe 'scrollable-region-focusable'); a named
 * group, not a landmark, as the section around it is one already (axe 'landmark-unique').
 */
export function ScrollTable({ label, children, className }: ScrollTableProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this frames a table
    <div
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        'relative w-full overflow-x-auto rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}
