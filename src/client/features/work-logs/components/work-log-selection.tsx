import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { logLabel } from './work-log-label';

/** The shifts ticked on the page shown, for the bulk actions (decision 048). */
export type WorkLogSelection = {
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Every shift on the page, or none when all are ticked already. */
  toggleAll: () => void;
  count: number;
  total: number;
};

const box =
  'size-4 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

export function SelectWorkLog({
  workLog,
  selection,
  className,
}: {
  workLog: WorkLog;
  selection: WorkLogSelection;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select work log for ${logLabel(workLog)}`}
      checked={selection.isSelected(workLog.id)}
      onChange={() => selection.toggle(workLog.id)}
      className={cn(box, className)}
    />
  );
}

/** Ticked when every shift on the page is, half-ticked when some are. */
export function SelectAllWorkLogs({
  selection,
  className,
}: {
  selection: WorkLogSelection;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const all = selection.total > 0 && selection.count === selection.total;
  const some = selection.count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all work logs on this page"
      checked={all}
      onChange={selection.toggleAll}
      className={cn(box, className)}
    />
  );
}
