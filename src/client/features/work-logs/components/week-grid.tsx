import {
  type KeyboardEvent,
  memo,
  startTransition,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/utils';
import { formatTimeRange } from '../../../../shared/domain/format.ts';
import type { TimeFormat } from '../../../../shared/domain/time.ts';
import type { CellShift } from '../../../../shared/domain/week-cell.ts';
import { type DraftStore, useDraftsLater, useDraftsLaterAll } from './week-grid-drafts';
import {
  type CellState,
  cellKeyOf,
  cellState,
  type GridRow,
  hoursText,
  savedText,
} from './week-grid-model';

export type CellErrors = Readonly<Record<string, string>>;

type CellActions = {
  onEdit: (rowKey: string, date: string, text: string) => void;
  onRevert: (rowKey: string, date: string) => void;
  onOpenShifts: (rowKey: string, date: string) => void;
};

type WeekGridProps = CellActions & {
  rows: readonly GridRow[];
  dates: readonly string[];
  /** The typed cells: each row and the totals read them, so the grid's owner does not render. */
  drafts: DraftStore;
  /** The server's refusal, by cell key. */
  errors: CellErrors;
  /** After a save was asked for: every unreadable cell says so, focused or not. */
  revealAll: boolean;
  timeFormat: TimeFormat;
  onSave: () => void;
  /** Names the table and says how to type in it. */
  describedBy: string;
};

const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }),
  long: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }),
};
const dayName = (date: string, style: 'short' | 'long') =>
  dayFormats[style].format(new Date(`${date}T12:00:00Z`));

/** "9:00 AM – 5:00 PM · 30 min break": what a cell was read as, so nothing is guessed unseen. */
function readout(shift: CellShift, timeFormat: TimeFormat): string {
  // The range says "(+1 day)" itself when the shift ends the next day.
  const range = formatTimeRange(shift.startTime, shift.endTime, timeFormat);
  const pause = shift.breakDuration > 0 ? ` · ${shift.breakDuration} min break` : '';
  return `${range}${pause}`;
}

/** Moves focus to the cell at (row, column), its text selected so typing replaces it. */
function focusCell(table: HTMLElement, row: number, column: number): boolean {
  const target = table.querySelector<HTMLElement>(`[data-cell="${row}:${column}"]`);
  if (!target) return false;
  target.focus();
  if (target instanceof HTMLInputElement) target.select();
  return true;
}

/**
 * Arrows move between cells (left and right once the caret is at the text's edge or the whole
 * text is selected), Enter moves
 * down, Ctrl or ⌘ + Enter saves. Tab follows the page's order: across, then down.
 */
export function gridKeyDown(event: KeyboardEvent<HTMLElement>, onSave: () => void): void {
  const target = event.target as HTMLElement;
  const at = target.dataset.cell;
  if (!at) return;
  const [row, column] = at.split(':').map(Number) as [number, number];
  const table = event.currentTarget;
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    onSave();
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const input = target instanceof HTMLInputElement ? target : null;
  // The caret at an edge, or the whole text selected (as it is on arrival): the arrow moves on.
  const length = input?.value.length ?? 0;
  const [from, to] = [input?.selectionStart ?? 0, input?.selectionEnd ?? 0];
  const whole = from === 0 && to === length;
  const atStart = !input || whole || (from === 0 && to === 0);
  const atEnd = !input || whole || (from === length && to === length);
  let next: [number, number] | null = null;
  if (event.key === 'ArrowUp') next = [row - 1, column];
  else if (event.key === 'ArrowDown' || (event.key === 'Enter' && input)) next = [row + 1, column];
  else if (event.key === 'ArrowLeft' && atStart) next = [row, column - 1];
  else if (event.key === 'ArrowRight' && atEnd) next = [row, column + 1];
  if (next && focusCell(table, next[0], next[1])) event.preventDefault();
  else if (event.key === 'Enter' && input) event.preventDefault();
}

type CellProps = CellActions & {
  rowKey: string;
  rowLabel: string;
  date: string;
  /** The typed cells: the input's text is the browser's own, and the store holds it at once. */
  drafts: DraftStore;
  /** The text of the saved shifts, shown when nothing is typed. */
  saved: string;
  /** The text as of the last render after the keystrokes. */
  text: string;
  /** What that text was read as. */
  state: CellState;
  count: number;
  serverError: string | undefined;
  revealAll: boolean;
  row: number;
  column: number;
  timeFormat: TimeFormat;
};

const GridCell = memo(function GridCell({
  rowKey,
  rowLabel,
  date,
  drafts,
  saved,
  text,
  state,
  count,
  serverError,
  revealAll,
  row,
  column,
  timeFormat,
  onEdit,
  onRevert,
  onOpenShifts,
}: CellProps) {
  // An unreadable cell says so once the user has left it (or asked to save), not mid-word.
  const [left, setLeft] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The input is not controlled: a keystroke is the browser's alone, and React renders nothing in
  // it. Text set from elsewhere (Esc, Discard, a save, another week) is put in the input here;
  // the store, not the rendered text (which may be a keystroke behind), says what it should be.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text and saved say when to look
  useLayoutEffect(() => {
    const now = drafts.get()[rowKey]?.[date] ?? saved;
    if (input.current && input.current.value !== now) input.current.value = now;
  }, [drafts, rowKey, date, saved, text]);
  const label = `${rowLabel}, ${dayName(date, 'long')}`;
  const id = `cell-${row}-${column}`;
  if (state.readOnly) {
    return (
      <td className="border-b p-1 align-top">
        <button
          type="button"
          data-cell={`${row}:${column}`}
          aria-label={`${label}: ${count} shifts, ${hoursText(state.minutes)} hours. Show them`}
          onClick={() => onOpenShifts(rowKey, date)}
          className="h-9 w-full min-w-[6.5rem] whitespace-nowrap rounded-md border border-dashed px-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {count} shifts · {hoursText(state.minutes)} h
        </button>
        {serverError ? (
          <p id={`${id}-error`} className="mt-1 text-destructive text-xs">
            {serverError}
          </p>
        ) : null}
      </td>
    );
  }
  const readingError =
    state.reading.kind === 'invalid' && (left || revealAll) ? state.reading.message : undefined;
  const message = readingError ?? serverError;
  const note =
    state.reading.kind === 'shift' ? readout(state.reading.shift, timeFormat) : undefined;
  return (
    <td className={cn('border-b p-1 align-top', state.changed && 'bg-primary/5')}>
      <input
        ref={input}
        id={id}
        data-cell={`${row}:${column}`}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : note ? `${id}-note` : undefined}
        defaultValue={text}
        onChange={(event) => {
          onEdit(rowKey, date, event.target.value);
          // Neither renders in the keystroke (or the Tab): the message follows a moment later.
          if (left) startTransition(() => setLeft(false));
        }}
        onBlur={() => startTransition(() => setLeft(true))}
        onKeyDown={(event) => {
          // The store, not the rendered state, which may be a keystroke behind.
          const typed = drafts.get()[rowKey]?.[date];
          if (event.key === 'Escape' && typed !== undefined && typed !== saved) {
            event.preventDefault();
            event.stopPropagation();
            onRevert(rowKey, date);
          }
        }}
        className={cn(
          // Contained, the input is a layout boundary: a keystroke lays out the input alone, not
          // the table and the page around it (a block, so that it has no baseline to align).
          'block h-9 w-full min-w-[6.5rem] rounded-md border border-input bg-background px-1.5 font-mono text-sm shadow-xs outline-none [contain:strict] focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
          message && 'border-destructive ring-destructive/30',
        )}
      />
      {message ? (
        <p id={`${id}-error`} className="mt-1 max-w-[9rem] text-destructive text-xs">
          {message}
        </p>
      ) : note ? (
        <p id={`${id}-note`} className="mt-1 max-w-[9rem] text-muted-foreground text-xs">
          {note}
        </p>
      ) : null}
    </td>
  );
});

type RowProps = CellActions & {
  row: GridRow;
  index: number;
  dates: readonly string[];
  drafts: DraftStore;
  errors: CellErrors;
  revealAll: boolean;
  timeFormat: TimeFormat;
};

/** A row renders again only when its own cells, shifts or errors change (memo, stable props). */
const WeekGridRow = memo(function WeekGridRow({
  row,
  index,
  dates,
  drafts,
  errors,
  revealAll,
  timeFormat,
  ...actions
}: RowProps) {
  // Only this row's typed cells, after the keystrokes: what the cells were read as, their colour
  // and the row's total follow in a render of their own, which the next keystroke may interrupt.
  const rowDrafts = useDraftsLater(drafts, (all) => all[row.key]);
  const states = useMemo(
    () => dates.map((date) => cellState(row, date, rowDrafts?.[date])),
    [row, dates, rowDrafts],
  );
  const total = states.reduce((sum, state) => sum + state.minutes, 0);
  return (
    <tr>
      <th
        scope="row"
        className="sticky left-0 z-10 border-b bg-card px-2 py-1 text-left align-top font-medium text-sm"
      >
        <span className="block max-w-[9rem] truncate pt-2 sm:max-w-[14rem]" title={row.label}>
          {row.label}
        </span>
      </th>
      {dates.map((date, column) => {
        const saved = savedText(row.logs[date]);
        return (
          <GridCell
            key={date}
            rowKey={row.key}
            rowLabel={row.label}
            date={date}
            drafts={drafts}
            saved={saved}
            text={rowDrafts?.[date] ?? saved}
            state={states[column]!}
            count={row.logs[date]?.length ?? 0}
            serverError={errors[cellKeyOf(row.key, date)]}
            revealAll={revealAll}
            row={index}
            column={column}
            timeFormat={timeFormat}
            {...actions}
          />
        );
      })}
      <td
        className="whitespace-nowrap border-b px-2 py-1 pt-3 text-right align-top font-medium text-sm tabular-nums"
        data-testid="row-total"
      >
        {hoursText(total)} h
      </td>
    </tr>
  );
});

/** Errors of one row, as one object per row, so a row's props stay the same while others change. */
function errorsByRow(rows: readonly GridRow[], errors: CellErrors): Record<string, CellErrors> {
  const byRow: Record<string, Record<string, string>> = {};
  for (const [cellKey, message] of Object.entries(errors)) {
    const rowKey = cellKey.slice(0, cellKey.lastIndexOf('@'));
    byRow[rowKey] = { ...byRow[rowKey], [cellKey]: message };
  }
  for (const row of rows) byRow[row.key] ??= NO_ERRORS;
  return byRow;
}
const NO_ERRORS: CellErrors = {};

export function WeekGrid({
  rows,
  dates,
  drafts,
  errors,
  revealAll,
  timeFormat,
  onSave,
  describedBy,
  onEdit,
  onRevert,
  onOpenShifts,
}: WeekGridProps) {
  const rowErrors = useMemo(() => errorsByRow(rows, errors), [rows, errors]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => gridKeyDown(event, onSave),
    [onSave],
  );
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table
        className="w-full border-separate border-spacing-0"
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        <caption className="sr-only">Shifts of the week, by employer and day</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 border-b bg-card px-2 py-2 text-left font-medium text-muted-foreground text-xs"
            >
              Employer
            </th>
            {dates.map((date) => (
              <th
                key={date}
                scope="col"
                className="border-b px-2 py-2 text-left font-medium text-xs"
                aria-label={dayName(date, 'long')}
              >
                {dayName(date, 'short')}
              </th>
            ))}
            <th scope="col" className="border-b px-2 py-2 text-right font-medium text-xs">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <WeekGridRow
              key={row.key}
              row={row}
              index={index}
              dates={dates}
              drafts={drafts}
              errors={rowErrors[row.key] ?? NO_ERRORS}
              revealAll={revealAll}
              timeFormat={timeFormat}
              onEdit={onEdit}
              onRevert={onRevert}
              onOpenShifts={onOpenShifts}
            />
          ))}
        </tbody>
        <WeekGridTotals rows={rows} dates={dates} drafts={drafts} />
      </table>
    </div>
  );
}

/** The hours of each day and of the week, as typed. */
function WeekGridTotals({
  rows,
  dates,
  drafts: store,
}: Pick<WeekGridProps, 'rows' | 'dates' | 'drafts'>) {
  // After the keystrokes, in a render of its own (see WeekGridRow).
  const drafts = useDraftsLaterAll(store);
  const dayTotals = useMemo(
    () =>
      dates.map((date) =>
        rows.reduce((sum, row) => sum + cellState(row, date, drafts[row.key]?.[date]).minutes, 0),
      ),
    [rows, dates, drafts],
  );
  const weekTotal = dayTotals.reduce((sum, minutes) => sum + minutes, 0);
  return (
    <tfoot>
      <tr>
        <th
          scope="row"
          className="sticky left-0 z-10 bg-card px-2 py-2 text-left font-medium text-sm"
        >
          Hours
        </th>
        {dayTotals.map((minutes, column) => (
          <td
            key={dates[column]}
            className="whitespace-nowrap px-2 py-2 font-medium text-sm tabular-nums"
            data-testid="day-total"
          >
            {hoursText(minutes)} h
          </td>
        ))}
        <td
          className="whitespace-nowrap px-2 py-2 text-right font-semibold text-sm tabular-nums"
          data-testid="week-total"
        >
          {hoursText(weekTotal)} h
        </td>
      </tr>
    </tfoot>
  );
}
