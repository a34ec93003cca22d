import { CalendarDays, Plus, Table2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useEmployers } from '@/features/employers';
import { userTimeZone, useSettings } from '@/features/settings';
import { isInputRefused } from '@/lib/error-message';
import { useIsDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { workLogPeriod } from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useWorkLogSummary } from '../api/get-work-log-summary';
import { useWorkLogs, type WorkLogListParams } from '../api/get-work-logs';
import { DeleteWorkLogDialog } from './delete-work-log-dialog';
import { QuickEntryBox } from './quick-entry-box';
import { useDebouncedValue } from './use-debounced-value';
import { ALL, hasActiveFilters, useWorkLogFilters } from './use-work-log-filters';
import { WorkLogCards } from './work-log-cards';
import { useWorkLogDialog } from './work-log-dialog';
import { WorkLogFilters } from './work-log-filters';
import type { WorkLogSelection } from './work-log-selection';
import {
  REFUSED_MESSAGE_ID,
  WorkLogsEmpty,
  WorkLogsError,
  WorkLogsPagination,
  WorkLogsRefused,
  WorkLogsSkeleton,
} from './work-logs-states';
import { WorkLogsSummary } from './work-logs-summary';
import { WorkLogsTable } from './work-logs-table';

// Loaded when first asked for: the page's first load stays within its budget.
const DuplicateWorkLogDialog = lazy(() => import('./duplicate-work-log-dialog'));
// The bar of bulk actions, with its dialogs: loaded when a first shift is ticked.
const WorkLogsBulkBar = lazy(() => import('./work-logs-bulk-bar'));

/** A page of logs; the server filters and pages, so thousands of logs stay quick. */
export const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 250;

export function WorkLogsPage() {
  const { filters, update, reset } = useWorkLogFilters();
  const [search, setSearch] = useState('');
  const searchTerm = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const settings = useSettings();
  const { data: employers, isSuccess: employersLoaded } = useEmployers();
  const isDesktop = useIsDesktop();
  const editor = useWorkLogDialog();
  const [deleting, setDeleting] = useState<WorkLog | null>(null);
  const [duplicating, setDuplicating] = useState<WorkLog | null>(null);
  const [duplicateLoaded, setDuplicateLoaded] = useState(false);

  const range = workLogPeriod(filters.date, userTimeZone(settings.data));
  const filterParams: WorkLogListParams = {
    employerId: filters.employerId === ALL ? undefined : Number(filters.employerId),
    department: filters.department === ALL ? undefined : filters.department,
    from: range?.from,
    to: range?.to,
    search: searchTerm || undefined,
  };
  // The page number belongs to one set of filters: any change starts again at page 1.
  const filterKey = JSON.stringify(filterParams);
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  // Date ranges are days in the user's zone: wait for it unless no range is asked for.
  const enabled = !settings.isPending || filters.date === 'all';
  // One extra row tells whether a next page exists.
  const logs = useWorkLogs(
    { ...filterParams, limit: PAGE_SIZE + 1, offset: page * PAGE_SIZE },
    { enabled },
  );
  const summary = useWorkLogSummary(filterParams, { enabled });
  const refusal = isInputRefused(logs.error) ? logs.error : null;
  const rows = logs.data?.slice(0, PAGE_SIZE) ?? [];
  const hasNext = (logs.data?.length ?? 0) > PAGE_SIZE;

  // Ticks belong to the page shown: another page or filter starts with none, and a shift that
  // left the page (deleted, moved out of the filter) is no longer selected.
  const pageKey = `${filterKey}#${page}`;
  const [ticked, setTicked] = useState({ pageKey, ids: new Set<number>() });
  const tickedIds = ticked.pageKey === pageKey ? ticked.ids : new Set<number>();
  const selectedLogs = rows.filter((log) => tickedIds.has(log.id));
  const listRef = useRef<HTMLDivElement>(null);
  const selection: WorkLogSelection = {
    isSelected: (id) => tickedIds.has(id),
    toggle: (id) => {
      const ids = new Set(tickedIds);
      if (!ids.delete(id)) ids.add(id);
      setTicked({ pageKey, ids });
    },
    toggleAll: () =>
      setTicked({
        pageKey,
        ids: selectedLogs.length === rows.length ? new Set() : new Set(rows.map((log) => log.id)),
      }),
    count: selectedLogs.length,
    total: rows.length,
  };
  const clearSelection = () => setTicked({ pageKey, ids: new Set() });

  // A stored employer filter for an employer that has since been deleted filters nothing.
  useEffect(() => {
    if (!employersLoaded || filters.employerId === ALL) return;
    if (!employers.some((e) => String(e.id) === filters.employerId)) update({ employerId: ALL });
  }, [employersLoaded, employers, filters.employerId, update]);

  // Deleting the last log of a later page steps back a page.
  useEffect(() => {
    if (page > 0 && logs.isSuccess && !logs.isPlaceholderData && logs.data.length === 0) {
      setPaging({ filterKey, page: page - 1 });
    }
  }, [page, logs.isSuccess, logs.isPlaceholderData, logs.data, filterKey]);

  const filtered = hasActiveFilters(filters) || searchTerm !== '';
  const clearAll = () => {
    reset();
    setSearch('');
  };
  const openNew = editor.openNew;
  const actions = {
    onEdit: editor.openEdit,
    onDelete: setDeleting,
    onDuplicate: (workLog: WorkLog) => {
      setDuplicateLoaded(true);
      setDuplicating(workLog);
    },
  };
  const timeFormat = settings.data?.timeFormat ?? '12-hour';

  let content: ReactNode;
  // The empty page's own New Work Log stands in for the floating one.
  let invitesFirstShift = false;
  if (refusal) {
    content = (
      <WorkLogsRefused
        message={refusal.errors?.search ?? refusal.serverMessage}
        hasSearch={search !== ''}
        onClearSearch={() => setSearch('')}
        onClear={clearAll}
      />
    );
  } else if (logs.isError && !logs.data) {
    content = <WorkLogsError onRetry={() => void logs.refetch()} />;
  } else if (!logs.data) {
    content = <WorkLogsSkeleton />;
  } else if (rows.length === 0 && page === 0) {
    content = <WorkLogsEmpty filtered={filtered} onNew={openNew} onClear={clearAll} />;
    invitesFirstShift = !filtered;
  } else {
    content = (
      <>
        <WorkLogsSummary
          summary={summary.data}
          isError={summary.isError}
          onRetry={() => void summary.refetch()}
          filtered={filtered}
        />
        <div
          ref={listRef}
          tabIndex={-1}
          aria-busy={logs.isFetching || undefined}
          className={cn('outline-none transition-opacity', logs.isPlaceholderData && 'opacity-60')}
        >
          {isDesktop ? (
            <WorkLogsTable
              workLogs={rows}
              timeFormat={timeFormat}
              selection={selection}
              {...actions}
            />
          ) : (
            <WorkLogCards
              workLogs={rows}
              timeFormat={timeFormat}
              selection={selection}
              {...actions}
            />
          )}
        </div>
        <WorkLogsPagination
          offset={page * PAGE_SIZE}
          count={rows.length}
          total={summary.data?.count}
          hasNext={hasNext}
          onPrevious={() => setPage(Math.max(0, page - 1))}
          onNext={() => setPage(page + 1)}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Work Logs"
        subtitle="Every shift you have logged, newest first"
        actions={
          <>
            {/* The week grid: a week of shifts for every employer, typed from the keyboard. */}
            <Button variant="outline" asChild>
              <Link href="/work-logs/week">
                <Table2 aria-hidden="true" />
                Week
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/calendar">
                <CalendarDays aria-hidden="true" />
                Calendar
              </Link>
            </Button>
            {/* On a phone the floating button below takes its place, always in reach. */}
            <Button onClick={openNew} className="hidden md:inline-flex">
              <Plus aria-hidden="true" />
              New Work Log
            </Button>
          </>
        }
      />
      <QuickEntryBox />
      <WorkLogFilters
        filters={filters}
        onChange={update}
        onClear={clearAll}
        search={search}
        onSearchChange={setSearch}
        employers={employers ?? []}
        active={filtered || search !== ''}
        searchRefused={refusal ? REFUSED_MESSAGE_ID : undefined}
      />
      {/* Room below the last card, so the floating button never covers it. */}
      <div className={cn('pb-20 md:pb-0', selectedLogs.length > 0 && 'pb-40 md:pb-24')}>
        {content}
      </div>
      {/* While shifts are ticked, the bar of their actions takes the floating button's place. */}
      {selectedLogs.length > 0 ? (
        <Suspense fallback={null}>
          <WorkLogsBulkBar
            selected={selectedLogs}
            timeFormat={timeFormat}
            employers={employers ?? []}
            onClear={clearSelection}
            onDone={() => {
              clearSelection();
              listRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {invitesFirstShift || selectedLogs.length > 0 ? null : (
        <Button
          onClick={openNew}
          data-floating-action
          className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 h-12 rounded-full px-5 shadow-lg md:hidden"
        >
          <Plus aria-hidden="true" />
          New Work Log
        </Button>
      )}
      {editor.dialog}
      {duplicateLoaded ? (
        <Suspense fallback={null}>
          <DuplicateWorkLogDialog
            workLogs={duplicating ? [duplicating] : null}
            timeFormat={timeFormat}
            onClose={() => setDuplicating(null)}
          />
        </Suspense>
      ) : null}
      <DeleteWorkLogDialog
        workLog={deleting}
        timeFormat={timeFormat}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

export default WorkLogsPage;
