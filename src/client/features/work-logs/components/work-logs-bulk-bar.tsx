import { useQueryClient } from '@tanstack/react-query';
import { Building2, Copy, Tags, Trash2, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import type { TimeFormat } from '../../../../shared/domain/index.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useBulkWorkLogs } from '../api/bulk-work-logs';
import { DuplicateWorkLogDialog } from './duplicate-work-log-dialog';
import { showUndoToast } from './undo-toast';
import { useReturnFocus } from './use-return-focus';
import { departmentOptions, employerOptions } from './work-log-select-fields';

type BulkBarProps = {
  selected: WorkLog[];
  timeFormat: TimeFormat;
  employers: Employer[];
  /** Untick them all. */
  onClear: () => void;
  /** An action went through: the selection ends and focus goes back to the list. */
  onDone: () => void;
};

type Open = 'delete' | 'employer' | 'department' | 'duplicate' | null;

const NO_DEPARTMENT = '__none__';
const shifts = (n: number) => (n === 1 ? '1 work log' : `${n} work logs`);

/**
 * docs/product/screens.md#work-logs: 'N selected' and what can be done to them all at once
 * (POST /api/work-logs/bulk; all of them or none, a refusal naming the day). A delete is undone
 * from its toast.
 */
export function WorkLogsBulkBar({
  selected,
  timeFormat,
  employers,
  onClear,
  onDone,
}: BulkBarProps) {
  const [open, setOpen] = useState<Open>(null);
  const [employerId, setEmployerId] = useState<string | undefined>();
  const [department, setDepartment] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const bulk = useBulkWorkLogs();
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus();
  const ids = selected.map((log) => log.id);
  const count = selected.length;
  // Departments are an employer's own: offered when every ticked shift is of one employer.
  const employerIdsOf = new Set(selected.map((log) => log.employerId));
  const sole = employerIdsOf.size === 1 ? selected[0]!.employer : null;

  const close = () => {
    setOpen(null);
    setProblem(null);
    setEmployerId(undefined);
    setDepartment(undefined);
  };
  const refused = (error: Error) => {
    if (isSessionEnded(error)) return close();
    setProblem(errorMessage(error, 'The change could not be saved. Please try again.'));
  };

  const remove = () => {
    bulk.mutate(
      { action: 'delete', ids },
      {
        onSuccess: ({ count: gone, undoToken }) => {
          close();
          onDone();
          if (undoToken) {
            showUndoToast(queryClient, {
              title: `${shifts(gone)} deleted`,
              description: 'Undo puts them back as they were.',
              token: undoToken,
            });
          }
        },
        onError: (error) => {
          close();
          if (!isSessionEnded(error)) {
            toast({
              title: 'Error',
              description: `Failed to delete work logs: ${errorMessage(error, error.message)}`,
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  const moveToEmployer = (event: FormEvent) => {
    event.preventDefault();
    if (!employerId) return setProblem('Choose an employer');
    const name = employers.find((e) => String(e.id) === employerId)?.name ?? 'the employer';
    bulk.mutate(
      { action: 'set_employer', ids, employerId: Number(employerId) },
      {
        onSuccess: ({ count: moved }) => {
          toast({ title: `${shifts(moved)} moved to ${name}`, variant: 'success' });
          close();
          onDone();
        },
        onError: refused,
      },
    );
  };

  const setDepartmentOf = (event: FormEvent) => {
    event.preventDefault();
    if (!department) return setProblem('Choose a department');
    const value = department === NO_DEPARTMENT ? null : department;
    bulk.mutate(
      { action: 'set_department', ids, department: value },
      {
        onSuccess: ({ count: changed }) => {
          toast({
            title: value
              ? `${shifts(changed)} moved to ${value}`
              : `${shifts(changed)} without a department`,
            variant: 'success',
          });
          close();
          onDone();
        },
        onError: refused,
      },
    );
  };

  return (
    <>
      <section
        aria-label="Selected work logs"
        className="fixed inset-x-2 bottom-[max(0.5rem,env(safe-area-inset-bottom))] z-40 mx-auto grid max-w-3xl gap-1 rounded-xl border bg-card p-2 text-card-foreground shadow-lg sm:flex sm:flex-wrap sm:items-center sm:gap-2 md:inset-x-4"
      >
        <div className="flex items-center">
          <p
            className="px-2 font-medium text-sm tabular-nums"
            aria-live="polite"
            aria-atomic="true"
          >
            {count} selected
          </p>
          {/* On a phone the actions take a row of their own, and Clear stays beside the count. */}
          <ClearButton className="ml-auto sm:hidden" onClear={onClear} />
        </div>
        <div className="grid grid-cols-4 gap-1 sm:ml-auto sm:flex sm:flex-wrap sm:items-center">
          <BarButton
            icon={<Building2 aria-hidden="true" />}
            short="Employer"
            name="Change employer"
            onClick={() => setOpen('employer')}
          />
          <BarButton
            icon={<Tags aria-hidden="true" />}
            short="Department"
            name="Change department"
            onClick={() => setOpen('department')}
            disabled={!sole || sole.departments.length === 0}
            title={
              !sole
                ? 'Select shifts of one employer to change their department'
                : sole.departments.length === 0
                  ? `${sole.name} has no departments`
                  : undefined
            }
          />
          <BarButton
            icon={<Copy aria-hidden="true" />}
            short="Duplicate"
            name="Duplicate"
            onClick={() => setOpen('duplicate')}
          />
          <BarButton
            icon={<Trash2 aria-hidden="true" />}
            short="Delete"
            name="Delete"
            className="text-destructive hover:text-destructive"
            onClick={() => setOpen('delete')}
          />
          <ClearButton className="hidden sm:inline-flex" onClear={onClear} />
        </div>
      </section>

      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => {
          if (!next) close();
        }}
        {...returnFocus}
        title={`Delete ${shifts(count)}?`}
        description={`The ${shifts(count)} selected will be deleted. You can undo it for a few seconds.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={bulk.isPending}
        onConfirm={remove}
      />

      <Dialog
        open={open === 'employer' || open === 'department'}
        onOpenChange={(next) => {
          if (!next) close();
        }}
      >
        <DialogContent className="sm:max-w-md" {...returnFocus}>
          <form
            onSubmit={open === 'employer' ? moveToEmployer : setDepartmentOf}
            noValidate
            className="grid gap-4"
          >
            <DialogHeader>
              <DialogTitle>
                {open === 'employer' ? 'Change employer' : 'Change department'}
              </DialogTitle>
              <DialogDescription>
                {open === 'employer'
                  ? `Move the ${shifts(count)} selected to another employer. They are paid at its rate, without a department or by-hand premiums. All move, or none.`
                  : `Set the department of the ${shifts(count)} selected. All change, or none.`}
              </DialogDescription>
            </DialogHeader>
            {open === 'employer' ? (
              <SelectField
                id="bulk-employer"
                label="Employer"
                placeholder="Select an employer"
                value={employerId}
                onValueChange={(value) => {
                  setEmployerId(value);
                  setProblem(null);
                }}
                options={employerOptions(employers.filter((e) => e.isActive))}
              />
            ) : (
              <SelectField
                id="bulk-department"
                label="Department"
                placeholder="Select a department"
                value={department}
                onValueChange={(value) => {
                  setDepartment(value);
                  setProblem(null);
                }}
                options={[
                  { value: NO_DEPARTMENT, label: 'No department' },
                  ...departmentOptions(sole?.departments ?? []),
                ]}
              />
            )}
            <FormAlert>{problem}</FormAlert>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={bulk.isPending}>
                {bulk.isPending ? 'Saving…' : 'Apply'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <DuplicateWorkLogDialog
        workLogs={open === 'duplicate' ? selected : null}
        timeFormat={timeFormat}
        onClose={() => {
          close();
        }}
      />
    </>
  );
}

export default WorkLogsBulkBar;

/**
 * An action of the bar: its full name from 640 px, and on a phone a short word under its icon
 * (the name a screen reader hears, and which contains the word shown, stays the full one).
 */
function BarButton({
  icon,
  short,
  name,
  className,
  ...props
}: {
  icon: ReactNode;
  short: string;
  name: string;
  className?: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={name}
      className={cn(
        'h-auto min-w-0 flex-col gap-0.5 px-1 py-1.5 text-xs sm:h-8 sm:flex-row sm:gap-1.5 sm:px-3 sm:py-0 sm:text-sm',
        className,
      )}
      {...props}
    >
      {icon}
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{name}</span>
    </Button>
  );
}

function ClearButton({ className, onClear }: { className: string; onClear: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Clear selection"
      onClick={onClear}
      className={className}
    >
      <X aria-hidden="true" />
    </Button>
  );
}
