import { Plus, Search } from 'lucide-react';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useEmployers } from '../api/get-employers';
import { ChangeColoursDialog } from './change-colours-dialog';
import { DeleteEmployerDialog } from './delete-employer-dialog';
import { actionsButtonId, type EmployerAction, EmployerCard } from './employer-card';
import {
  EmployersEmptyState,
  EmployersError,
  EmployersSkeleton,
  gridClasses,
} from './employers-states';
import { LazyEmployerFormDialog, preloadEmployerFormDialog } from './lazy-employer-form-dialog';

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'colours' | 'delete'; employer: Employer }
  | null;

/** Case-insensitive match on the name (SPEC.md §2). */
export function filterEmployers(employers: Employer[], search: string): Employer[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return employers;
  return employers.filter((e) => e.name.toLowerCase().includes(needle));
}

export function EmployersPage() {
  const employersQuery = useEmployers();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  /** What gets focus back when a dialog closes: the button that opened it, if still there. */
  const returnFocusTo = useRef<HTMLElement | string | null>(null);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(preloadEmployerFormDialog);
  }, []);

  const employers = employersQuery.data ?? [];
  const shown = useMemo(() => filterEmployers(employers, search), [employers, search]);
  const searching = search.trim() !== '';

  function openAdd(event: MouseEvent<HTMLElement>) {
    returnFocusTo.current = event.currentTarget;
    setDialog({ kind: 'add' });
  }

  function onAction(employer: Employer, action: EmployerAction) {
    returnFocusTo.current = actionsButtonId(employer.id);
    setDialog({ kind: action === 'colours' ? 'colours' : action, employer });
  }

  function restoreFocus(event: Event) {
    event.preventDefault();
    const target = returnFocusTo.current;
    const element = typeof target === 'string' ? document.getElementById(target) : target;
    (element?.isConnected ? element : addButtonRef.current)?.focus();
  }

  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const withEmployer = (kind: 'edit' | 'colours' | 'delete') =>
    dialog?.kind === kind ? dialog.employer : undefined;

  return (
    <>
      <PageHeader
        title="Employers"
        subtitle="Manage the people and companies you work for"
        actions={
          <Button ref={addButtonRef} onClick={openAdd}>
            <Plus aria-hidden="true" />
            Add Employer
          </Button>
        }
      />
      <div className="relative mb-6 max-w-md">
        <Label htmlFor="employers-search" className="sr-only">
          Search employers
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="employers-search"
          type="search"
          placeholder="Search employers..."
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {employersQuery.isPending ? (
        <EmployersSkeleton />
      ) : employersQuery.isError && !employersQuery.data ? (
        <EmployersError
          retrying={employersQuery.isFetching}
          onRetry={() => void employersQuery.refetch()}
        />
      ) : shown.length === 0 ? (
        <EmployersEmptyState searching={searching} onAdd={openAdd} />
      ) : (
        <section aria-label="Employer list" className={gridClasses}>
          {shown.map((employer) => (
            <EmployerCard
              key={employer.id}
              employer={employer}
              onAction={(action) => onAction(employer, action)}
            />
          ))}
        </section>
      )}
      {searching ? (
        <p role="status" className="sr-only">
          {shown.length === 1 ? '1 employer found' : `${shown.length} employers found`}
        </p>
      ) : null}

      <LazyEmployerFormDialog
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        employer={withEmployer('edit')}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
      <ChangeColoursDialog
        employer={withEmployer('colours')}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
      <DeleteEmployerDialog
        employer={withEmployer('delete')}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
    </>
  );
}

export default EmployersPage;
