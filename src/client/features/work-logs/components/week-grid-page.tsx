import { ChevronLeft, ChevronRight, List } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useEmployers } from '@/features/employers';
import { userTimeZone, useSettings } from '@/features/settings';
import { ApiError } from '@/lib/api-client';
import { errorMessage, SAVE_UNREACHABLE_MESSAGE } from '@/lib/error-message';
import { formatDisplayDate } from '../../../../shared/domain/format.ts';
import { addDays, isValidDate, todayIn } from '../../../../shared/domain/index.ts';
import { useSaveWeek, useWeekShifts } from '../api/save-week';
import { SHIFTS_CONSIDERED, usualShift } from './new-log-defaults';
import { ShiftsOfDayDialog } from './shifts-of-day-dialog';
import { type CellErrors, WeekGrid } from './week-grid';
import {
  createDraftStore,
  type DraftStore,
  useDraftsLaterAll,
  useDraftsSelect,
} from './week-grid-drafts';
import {
  buildRows,
  cellKeyOf,
  clearDraft,
  type Drafts,
  type GridRow,
  hasChanges,
  rowKeyOf,
  setDraft,
  weekChanges,
  weekDates,
} from './week-grid-model';

const NO_DRAFTS: Drafts = {};
const NO_ERRORS: CellErrors = {};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function weekLabel(dates: readonly string[]): string {
  return `${formatDisplayDate(dates[0]!)} – ${formatDisplayDate(dates[6]!)}`;
}

/** The week in the address (?week=YYYY-MM-DD, any day of it), else this week. */
function useWeek(today: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('week');
  const anchor = asked && isValidDate(asked) && asked >= '2020-01-01' ? asked : today;
  const dates = useMemo(() => weekDates(anchor), [anchor]);
  const go = useCallback(
    (day: string) => {
      const first = weekDates(day)[0]!;
      navigate(first === weekDates(today)[0] ? '/work-logs/week' : `/work-logs/week?week=${first}`);
    },
    [navigate, today],
  );
  return { dates, go };
}

export function WeekGridPage() {
  const settings = useSettings();
  const timeFormat = settings.data?.timeFormat ?? '12-hour';
  const today = todayIn(userTimeZone(settings.data));
  const { dates, go } = useWeek(today);
  const employers = useEmployers();
  const { week, recent } = useWeekShifts(dates[0]!, dates[6]!, SHIFTS_CONSIDERED);
  const save = useSaveWeek();

  // The typed cells live outside the page's state: a keystroke does not render the page.
  const [drafts] = useState(() => createDraftStore(NO_DRAFTS));
  const [errors, setErrors] = useState<CellErrors>(NO_ERRORS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [revealAll, setRevealAll] = useState(false);
  const [added, setAdded] = useState<{ employerId: number; department: string | null }[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [shown, setShown] = useState<{ rowKey: string; date: string } | null>(null);
  const helpId = useId();
  const gridRef = useRef<HTMLDivElement>(null);

  const usualStarts = useMemo(() => {
    const starts = new Map<number, string>();
    for (const employer of employers.data ?? []) {
      const usual = usualShift(recent.data ?? [], employer.id);
      if (usual) starts.set(employer.id, usual.startTime);
    }
    return starts;
  }, [employers.data, recent.data]);
  const rows = useMemo(
    () => buildRows(employers.data ?? [], week.data ?? [], added, usualStarts),
    [employers.data, week.data, added, usualStarts],
  );
  // The page renders again only when the week turns from untouched to changed or back.
  const dirty = useDraftsSelect(drafts, (typed) => hasChanges(rows, dates, typed));

  const onEdit = useCallback(
    (rowKey: string, date: string, text: string) => {
      drafts.set(setDraft(drafts.get(), rowKey, date, text));
      // Unchanged errors (the usual case) leave the page as it is.
      setErrors((current) => {
        const key = cellKeyOf(rowKey, date);
        if (!(key in current)) return current;
        const { [key]: _gone, ...rest } = current;
        return rest;
      });
    },
    [drafts],
  );
  const onRevert = useCallback(
    (rowKey: string, date: string) => drafts.set(clearDraft(drafts.get(), rowKey, date)),
    [drafts],
  );
  const onOpenShifts = useCallback((rowKey: string, date: string) => {
    setShown({ rowKey, date });
  }, []);

  const focusCellKey = (cellKey: string) => {
    const [rowKey, date] = cellKey.split('@') as [string, string];
    const row = rows.findIndex((r) => r.key === rowKey);
    const column = dates.indexOf(date);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${row}:${column}"]`)?.focus();
  };

  const onSave = () => {
    if (save.isPending) return;
    const changes = weekChanges(rows, dates, drafts.get());
    setRefusal(null);
    if (changes.invalid.length > 0) {
      setRevealAll(true);
      setRefusal(
        `${plural(changes.invalid.length, 'cell')} cannot be read yet: fix ${changes.invalid.length === 1 ? 'it' : 'them'} to save. Nothing was saved.`,
      );
      focusCellKey(changes.invalid[0]!.cellKey);
      return;
    }
    if (changes.count === 0) {
      setAnnouncement('Nothing to save');
      return;
    }
    const { body, cellOf } = changes;
    save.mutate(body, {
      onSuccess: async (result) => {
        // The week is asked again; the typed cells give way to the saved shifts once it is in.
        await week.refetch();
        drafts.set(NO_DRAFTS);
        setErrors(NO_ERRORS);
        setRevealAll(false);
        const said = [
          result.created.length ? `${plural(result.created.length, 'new shift')}` : '',
          result.updated.length ? `${result.updated.length} changed` : '',
          result.deleted.length ? `${result.deleted.length} deleted` : '',
        ].filter(Boolean);
        setAnnouncement(`Saved: ${said.join(', ')}`);
      },
      onError: (error) => {
        // Every cell stays as typed; the refusal is shown at its cell and above the grid.
        const cellKey = error instanceof ApiError ? cellOf[error.errors?.item ?? ''] : undefined;
        const message =
          error instanceof ApiError
            ? `${error.serverMessage} Nothing was saved.`
            : errorMessage(error, SAVE_UNREACHABLE_MESSAGE);
        setRefusal(message);
        if (cellKey && error instanceof ApiError) {
          setErrors({ [cellKey]: error.serverMessage });
          focusCellKey(cellKey);
        }
      },
    });
  };

  const discard = () => {
    drafts.set(NO_DRAFTS);
    setErrors(NO_ERRORS);
    setRefusal(null);
    setRevealAll(false);
  };

  const moveTo = (day: string) => {
    const changes = weekChanges(rows, dates, drafts.get());
    const unsaved = changes.count + changes.invalid.length;
    if (unsaved > 0 && !window.confirm(`Discard ${plural(unsaved, 'unsaved cell')}?`)) {
      return;
    }
    discard();
    go(day);
  };

  // Leaving the page with typed cells asks first, as a dialog with unsaved text does.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const shownRow = shown ? rows.find((r) => r.key === shown.rowKey) : undefined;
  const shownLogs = shown && shownRow ? (shownRow.logs[shown.date] ?? []) : [];
  const addable = (employers.data ?? []).flatMap((employer) =>
    [null, ...employer.departments]
      .map((department) => ({ employer, department }))
      .filter(
        ({ employer: e, department }) => !rows.some((r) => r.key === rowKeyOf(e.id, department)),
      ),
  );

  let content: ReactNode;
  if (employers.isPending || week.isPending) {
    content = (
      <div role="status" className="rounded-xl border bg-card px-6 py-12 text-center text-sm">
        Loading the week…
      </div>
    );
  } else if (employers.isError || week.isError) {
    content = (
      <RetryAlert query={employers.isError ? employers : week}>
        The week could not be loaded.
      </RetryAlert>
    );
  } else if (rows.length === 0) {
    content = (
      <div className="rounded-xl border bg-card px-6 py-12 text-center">
        <p className="font-medium">No employers yet</p>
        <p className="mt-1 text-muted-foreground text-sm">
          Add an employer first; each gets a row here.{' '}
          <Link href="/employers" className="text-primary underline underline-offset-4">
            Go to Employers
          </Link>
        </p>
      </div>
    );
  } else {
    content = (
      <div ref={gridRef}>
        <WeekGrid
          rows={rows}
          dates={dates}
          drafts={drafts}
          errors={errors}
          revealAll={revealAll}
          timeFormat={timeFormat}
          onSave={onSave}
          describedBy={helpId}
          onEdit={onEdit}
          onRevert={onRevert}
          onOpenShifts={onOpenShifts}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Week"
        subtitle="A week of shifts, typed from the keyboard"
        actions={
          <Button variant="outline" asChild>
            <Link href="/work-logs">
              <List aria-hidden="true" />
              Work Logs
            </Link>
          </Button>
        }
      />
      <nav aria-label="Week" className="mb-4 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous week"
          onClick={() => moveTo(addDays(dates[0]!, -7))}
          disabled={dates[0]! <= '2020-01-04'}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next week"
          onClick={() => moveTo(addDays(dates[0]!, 7))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={() => moveTo(today)} disabled={dates.includes(today)}>
          This week
        </Button>
        <h2 className="ml-1 font-semibold text-lg" aria-live="polite">
          {weekLabel(dates)}
        </h2>
      </nav>
      <p id={helpId} className="mb-4 max-w-3xl text-muted-foreground text-sm">
        Type a range like <kbd className="font-mono">9-17</kbd>,{' '}
        <kbd className="font-mono">9:15-17:45</kbd> or <kbd className="font-mono">22-6:30</kbd> (an
        end before the start is the next day), or hours alone like{' '}
        <kbd className="font-mono">8</kbd>, which start at the employer’s usual start (9:00 when it
        has none). Add <kbd className="font-mono">b30</kbd> for a 30-minute break. Times are 24-hour
        unless you add am or pm, except that <kbd className="font-mono">9-5</kbd> is 9:00 to 17:00;
        what each cell was read as shows under it. Clear a cell to delete its shift. Arrows, Tab and
        Enter move between cells, Esc undoes a cell, Ctrl+Enter saves.
      </p>
      {content}
      {rows.length > 0 ? (
        <div className="mt-4 flex flex-col gap-3">
          {refusal ? <FormAlert>{refusal}</FormAlert> : null}
          <div className="flex flex-wrap items-center gap-2">
            <SaveButtons
              drafts={drafts}
              rows={rows}
              dates={dates}
              saving={save.isPending}
              onSave={onSave}
              onDiscard={discard}
            />
            {addable.length > 0 ? (
              <label className="flex items-center gap-2 text-sm">
                <span className="text-muted-foreground">Add a row</span>
                <select
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                  value=""
                  onChange={(event) => {
                    const [id, ...rest] = event.target.value.split('|');
                    if (!id) return;
                    const department = rest.join('|') || null;
                    setAdded((current) => [...current, { employerId: Number(id), department }]);
                  }}
                >
                  <option value="">Choose…</option>
                  {addable.map(({ employer, department }) => (
                    <option
                      key={rowKeyOf(employer.id, department)}
                      value={rowKeyOf(employer.id, department)}
                    >
                      {department ? `${employer.name} · ${department}` : employer.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <p role="status" className="sr-only" data-testid="week-grid-status">
            {announcement}
          </p>
        </div>
      ) : null}
      <ShiftsOfDayDialog
        title={shown && shownRow ? `${shownRow.label}, ${formatDisplayDate(shown.date)}` : ''}
        logs={shownLogs}
        timeFormat={timeFormat}
        onClose={() => setShown(null)}
      />
    </>
  );
}

/** Save and Discard, with the count of changes as typed, rendered after the keystrokes, alone. */
function SaveButtons({
  drafts,
  rows,
  dates,
  saving,
  onSave,
  onDiscard,
}: {
  drafts: DraftStore;
  rows: readonly GridRow[];
  dates: readonly string[];
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  // After the keystrokes, in a render of its own (see WeekGridRow).
  const typed = useDraftsLaterAll(drafts);
  const changes = useMemo(() => weekChanges(rows, dates, typed), [rows, dates, typed]);
  const dirty = changes.count > 0 || changes.invalid.length > 0;
  return (
    <>
      <Button onClick={onSave} loading={saving} disabled={!dirty}>
        {changes.count > 0 ? `Save ${plural(changes.count, 'change')}` : 'Save week'}
      </Button>
      <Button variant="outline" onClick={onDiscard} disabled={!dirty || saving}>
        Discard
      </Button>
    </>
  );
}

export default WeekGridPage;
