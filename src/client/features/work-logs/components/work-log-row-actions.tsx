import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { logLabel } from './work-log-label';

export type WorkLogActions = {
  onEdit: (workLog: WorkLog) => void;
  onDelete: (workLog: WorkLog) => void;
  onDuplicate: (workLog: WorkLog) => void;
};

/** Edit, Duplicate and Delete, named after the shift so a screen-reader list of buttons makes sense. */
export function WorkLogRowActions({
  workLog,
  onEdit,
  onDelete,
  onDuplicate,
  withText = false,
}: WorkLogActions & { workLog: WorkLog; withText?: boolean }) {
  const what = `work log for ${logLabel(workLog)}`;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon'}
        aria-label={`Edit ${what}`}
        onClick={() => onEdit(workLog)}
      >
        <Pencil aria-hidden="true" />
        {withText ? 'Edit' : null}
      </Button>
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon'}
        aria-label={`Duplicate ${what}`}
        onClick={() => onDuplicate(workLog)}
      >
        <Plus aria-hidden="true" />
        {withText ? 'Duplicate' : null}
      </Button>
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon'}
        aria-label={`Delete ${what}`}
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => onDelete(workLog)}
      >
        <Trash2 aria-hidden="true" />
        {withText ? 'Delete' : null}
      </Button>
    </div>
  );
}
