import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ScrollTableProps = { label: string; children: ReactNode; className?: string };

/**
 * A table in a frame that scrolls sideways when the column is narrower than the table (a
 * tablet with the sidebar open). The frame can take focus, so keyboard users can scroll it
 * (WCAG 2.1.1; axe 'scrollable-region-focusable'); the caption names the table. The frame is a
 * named group, not a landmark: the section around it already is one, often of the same name
 * (axe 'landmark-unique').
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
