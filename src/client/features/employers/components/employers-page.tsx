import { Layers, Plus } from 'lucide-react';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { whenIdle } from '@/lib/when-idle';
import { matchesSearch } from '../../../../shared/domain/search.ts';
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
import { LazyHolidaysDialog } from './lazy-holidays-dialog';
import { LazyOvertimeGroupsDialog } from './lazy-overtime-groups-dialog';
import { RateHistoryDialog } from './rate-history-dialog';

type OpenDialog =
  | { kind: 'add' | 'groups' }
  | { kind: 'edit' | 'colours' | 'history' | 'holidays' | 'delete'; employer: Employer }
  | null;

/** A match on the name, whatever the letter case (docs/product/screens.md#employers) or accents: 'cafe' finds 'Café'. */
export function filterEmployers(employers: Employer[], search: string): Employer[] {
  if (!search.trim()) return employers;
  return employers.filter((e) => matchesSearch(e.name, search));
}

export function EmployersPage() {
  const employersQuery = useEmployers();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  /** What gets focus back when a dialog closes: the button that opened it, if still there. */
  const returnFocusTo = useRef<HTMLElement | string | null>(null);

  useEffect(() => whenIdle(preloadEmployerFormDialog), []);

  const employers = employersQuery.data ?? [];
  const shown = useMemo(() => filterEmployers(employers, search), [employers, search]);
  const searching = search.trim() !== '';

  function openAdd(event: MouseEvent<HTMLElement>) {
    returnFocusTo.current = event.currentTarget;
    setDialog({ kind: 'add' });
  }

  function openGroups(event: MouseEvent<HTMLElement>) {
    returnFocusTo.current = event.currentTarget;
    setDialog({ kind: 'groups' });
  }

  function onAction(employer: Employer, action: EmployerAction) {
    returnFocusTo.current = actionsButtonId(employer.id);
    setDialog({ kind: action, employer });
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
  const withEmployer = (kind: 'edit' | 'colours' | 'history' | 'holidays' | 'delete') =>
    dialog?.kind === kind ? dialog.employer : undefined;

  return (
    <>
      <PageHeader
        title="Employers"
        subtitle="Manage the people and companies you work for"
        actions={
          <>
            <Button variant="outline" onClick={openGroups}>
              <Layers aria-hidden="true" />
              Overtime groups
            </Button>
            <Button ref={addButtonRef} onClick={openAdd}>
              <Plus aria-hidden="true" />
              Add Employer
            </Button>
          </>
        }
      />
      <SearchInput
        id="employers-search"
        label="Search employers"
        hideLabel
        placeholder="Search employers..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mb-6 max-w-md"
      />
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
      <RateHistoryDialog
        employer={withEmployer('history')}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
      <LazyHolidaysDialog
        employer={withEmployer('holidays')}
        onOpenChange={close}
        onCloseAutoFocus={restoreFocus}
      />
      <LazyOvertimeGroupsDialog
        open={dialog?.kind === 'groups'}
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
