// The week grid's data (docs/product/screens.md#week-grid, decision 049): rows of employers (and
// departments), the shifts of each cell, what the typed cells change, and the totals. Pure.
import { addDays, dayOfWeek } from '../../../../shared/domain/dates.ts';
import { shiftMinutes } from '../../../../shared/domain/shift.ts';
import {
  type CellReading,
  cellText,
  readCell,
  sameCellShift,
} from '../../../../shared/domain/week-cell.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { WeekSaveBody } from '../../../../shared/schemas/week-save.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** The week starts on Sunday (docs/product/screens.md#work-logs): its seven dates. */
export function weekDates(anyDay: string): string[] {
  const sunday = addDays(anyDay, -dayOfWeek(anyDay));
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

export type GridRow = {
  key: string;
  employerId: number;
  department: string | null;
  label: string;
  /** Where hours typed alone start ("HH:MM"): the employer's usual shift, else 09:00. */
  usualStart: string;
  /** The week's shifts of this row, by date. */
  logs: Readonly<Record<string, readonly WorkLog[]>>;
};

export const rowKeyOf = (employerId: number, department: string | null) =>
  `${employerId}|${department ?? ''}`;

type EmployerLike = Pick<Employer, 'id' | 'name' | 'isActive'>;

/**
 * A row per active employer, and one per employer and department a shift of the week has
 * (an inactive employer's too, so no shift is hidden), plus the rows the user added.
 */
export function buildRows(
  employers: readonly EmployerLike[],
  logs: readonly WorkLog[],
  added: readonly { employerId: number; department: string | null }[],
  usualStarts: ReadonlyMap<number, string>,
): GridRow[] {
  const names = new Map(employers.map((e) => [e.id, e.name]));
  const rows = new Map<string, GridRow>();
  const ensure = (employerId: number, department: string | null, name?: string) => {
    const key = rowKeyOf(employerId, department);
    let row = rows.get(key);
    if (!row) {
      const employerName = names.get(employerId) ?? name ?? 'Employer';
      row = {
        key,
        employerId,
        department,
        label: department ? `${employerName} · ${department}` : employerName,
        usualStart: usualStarts.get(employerId) ?? '09:00',
        logs: {},
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const employer of employers) if (employer.isActive) ensure(employer.id, null);
  for (const { employerId, department } of added) ensure(employerId, department);
  for (const log of logs) {
    const row = ensure(log.employerId, log.department, log.employer.name);
    const list = (row.logs as Record<string, WorkLog[]>)[log.date] ?? [];
    (row.logs as Record<string, WorkLog[]>)[log.date] = [...list, log].sort((a, b) =>
      a.startTime.localeCompare(b.startTime),
    );
  }
  return [...rows.values()].sort(
    (a, b) =>
      (names.get(a.employerId) ?? a.label).localeCompare(names.get(b.employerId) ?? b.label) ||
      a.employerId - b.employerId ||
      (a.department ?? '').localeCompare(b.department ?? ''),
  );
}

/** The text a cell shows before it is typed in: its one shift, or nothing. */
export function savedText(logs: readonly WorkLog[] | undefined): string {
  return logs?.length === 1 ? cellText(logs[0]!) : '';
}

/** Typed text by row key, then date; a row's object changes only when one of its cells does. */
export type Drafts = Readonly<Record<string, Readonly<Record<string, string>>>>;

export function setDraft(drafts: Drafts, rowKey: string, date: string, text: string): Drafts {
  return { ...drafts, [rowKey]: { ...drafts[rowKey], [date]: text } };
}

export function clearDraft(drafts: Drafts, rowKey: string, date: string): Drafts {
  const row = drafts[rowKey];
  if (!row || !(date in row)) return drafts;
  const { [date]: _gone, ...rest } = row;
  return { ...drafts, [rowKey]: rest };
}

export const cellKeyOf = (rowKey: string, date: string) => `${rowKey}@${date}`;

const loggedMinutes = (log: WorkLog) => {
  const result = shiftMinutes(log);
  return result.ok ? result.minutes : 0;
};

/** A cell's state: what it reads, and whether it is a change to save. */
export type CellState = {
  text: string;
  reading: CellReading;
  /** Worked minutes shown in the totals (the saved shifts for a cell of several). */
  minutes: number;
  changed: boolean;
  /** Two or more shifts: shown, never edited in the grid. */
  readOnly: boolean;
};

/**
 * Each row's cell states by day and typed text. A keystroke changes one cell, yet the totals and
 * the list of changes read every typed cell: they find the others here instead of reading their
 * text again, and the same objects keep the untouched cells from rendering again. A row is built
 * anew when its shifts change, which starts its cache afresh.
 */
const cellStates = new WeakMap<GridRow, Map<string, CellState>>();
/** A cell's states kept at most: a long edit of one row does not keep every text it went through. */
const CACHED_PER_ROW = 256;

export function cellState(row: GridRow, date: string, draft: string | undefined): CellState {
  let cached = cellStates.get(row);
  if (!cached) {
    cached = new Map();
    cellStates.set(row, cached);
  }
  const key = draft === undefined ? date : `${date}\n${draft}`;
  const known = cached.get(key);
  if (known) return known;
  const state = readCellState(row, date, draft);
  if (cached.size >= CACHED_PER_ROW) cached.clear();
  cached.set(key, state);
  return state;
}

function readCellState(row: GridRow, date: string, draft: string | undefined): CellState {
  const logs = row.logs[date] ?? [];
  if (logs.length > 1) {
    return {
      text: '',
      reading: { kind: 'empty' },
      minutes: logs.reduce((sum, log) => sum + loggedMinutes(log), 0),
      changed: false,
      readOnly: true,
    };
  }
  const text = draft ?? savedText(logs);
  const reading = readCell(text, row.usualStart);
  const log = logs[0];
  let changed = false;
  if (draft !== undefined) {
    if (reading.kind === 'shift') changed = !log || !sameCellShift(reading.shift, log);
    else if (reading.kind === 'empty') changed = log !== undefined;
    else changed = true;
  }
  const minutes = reading.kind === 'shift' ? reading.minutes : 0;
  return { text, reading, minutes, changed, readOnly: false };
}

/** Whether a typed cell is a change or cannot be read: what leaving the week would lose. */
export function hasChanges(
  rows: readonly GridRow[],
  dates: readonly string[],
  drafts: Drafts,
): boolean {
  for (const row of rows) {
    const typed = drafts[row.key];
    if (!typed) continue;
    for (const date of dates) {
      const draft = typed[date];
      if (draft !== undefined && cellState(row, date, draft).changed) return true;
    }
  }
  return false;
}

export type WeekChanges = {
  body: Required<Pick<WeekSaveBody, 'create' | 'update' | 'delete'>>;
  /** The cell each item is about: "create.0" → its cell key. */
  cellOf: Record<string, string>;
  /** Cells whose text cannot be read, with why, in the grid's order. */
  invalid: { cellKey: string; message: string }[];
  count: number;
};

/** What saving the typed cells would do; unreadable cells are listed, never guessed. */
export function weekChanges(
  rows: readonly GridRow[],
  dates: readonly string[],
  drafts: Drafts,
): WeekChanges {
  const changes: WeekChanges = {
    body: { create: [], update: [], delete: [] },
    cellOf: {},
    invalid: [],
    count: 0,
  };
  for (const row of rows) {
    for (const date of dates) {
      const draft = drafts[row.key]?.[date];
      if (draft === undefined) continue;
      const state = cellState(row, date, draft);
      if (!state.changed) continue;
      const cellKey = cellKeyOf(row.key, date);
      const log = row.logs[date]?.[0];
      if (state.reading.kind === 'invalid') {
        changes.invalid.push({ cellKey, message: state.reading.message });
      } else if (state.reading.kind === 'empty' && log) {
        changes.cellOf[`delete.${changes.body.delete.length}`] = cellKey;
        changes.body.delete.push(log.id);
      } else if (state.reading.kind === 'shift' && log) {
        changes.cellOf[`update.${changes.body.update.length}`] = cellKey;
        changes.body.update.push({ id: log.id, ...state.reading.shift });
      } else if (state.reading.kind === 'shift') {
        changes.cellOf[`create.${changes.body.create.length}`] = cellKey;
        changes.body.create.push({
          employerId: row.employerId,
          date,
          department: row.department,
          ...state.reading.shift,
        });
      }
    }
  }
  changes.count =
    changes.body.create.length + changes.body.update.length + changes.body.delete.length;
  return changes;
}

/** Worked hours for the totals: "7.5", "0", "12.25". */
export function hoursText(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}
