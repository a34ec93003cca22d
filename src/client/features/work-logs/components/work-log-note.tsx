import { StickyNote } from 'lucide-react';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { logLabel } from './work-log-label';

/** Where the page cannot be measured (tests), a note this long counts as cut short. */
const LONG_NOTE = 80;

/** Whether the text of `ref` is cut short by its box; null until it can be measured. */
function useCutShort(ref: RefObject<HTMLElement | null>, text: string): boolean | null {
  const [cutShort, setCutShort] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    // Measured again for another text: a cut line keeps its size while its text changes.
    if (!element || text === '') return;
    const measure = () =>
      setCutShort(
        element.clientWidth === 0
          ? null
          : element.scrollWidth > element.clientWidth + 1 ||
              element.scrollHeight > element.clientHeight + 1,
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text]);
  return cutShort;
}

type WorkLogNoteProps = {
  workLog: Pick<WorkLog, 'date' | 'employer' | 'note'>;
  /** One line in the table, up to three on a card. */
  lines: 1 | 3;
  className?: string;
};

/** "Show all" opens a cut note by mouse, keyboard or touch alike, unlike a hover title. */
export function WorkLogNote({ workLog, lines, className }: WorkLogNoteProps) {
  const note = workLog.note ?? '';
  const textRef = useRef<HTMLParagraphElement>(null);
  const cutShort = useCutShort(textRef, note) ?? note.length > LONG_NOTE;
  if (!note) return null;
  const name = `Note for ${logLabel(workLog)}`;
  return (
    <div
      className={cn('flex min-w-0 items-start gap-1.5 text-muted-foreground text-xs', className)}
    >
      <StickyNote aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <p
        ref={textRef}
        className={cn(
          'min-w-0 flex-1 [overflow-wrap:anywhere]',
          lines === 1 ? 'truncate' : 'line-clamp-3 whitespace-pre-line',
        )}
      >
        <span className="sr-only">Note: </span>
        {note}
      </p>
      {cutShort ? (
        <Popover>
          <PopoverTrigger
            aria-label={`Show the whole note for ${logLabel(workLog)}`}
            className="shrink-0 rounded font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Show all
          </PopoverTrigger>
          <PopoverContent
            aria-label={name}
            // A long note scrolls: reachable with the keyboard to scroll it.
            tabIndex={0}
            align="end"
            className="max-h-72 w-[min(24rem,calc(100vw-2rem))] overflow-y-auto whitespace-pre-wrap text-sm [overflow-wrap:anywhere]"
          >
            {note}
          </PopoverContent>
        </Popover>
      ) : null}
    </div>
  );
}
