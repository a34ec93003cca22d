import { describe, expect, it } from 'vitest';
import { makeEmployer, makeWorkLog } from '../../../test/fixtures';
import {
  buildRows,
  cellState,
  type Drafts,
  hasChanges,
  weekChanges,
  weekDates,
} from './week-grid-model';

const acme = makeEmployer({ id: 1, name: 'Acme Studio' });
const depot = makeEmployer({ id: 2, name: 'Night Depot', departments: ['Dock'] });
const gone = makeEmployer({ id: 3, name: 'Old Cafe', isActive: false });
const log = (id: number, employerId: number, date: string, over = {}) =>
  makeWorkLog({
    id,
    employerId,
    date,
    employer: { ...makeWorkLog().employer, id: employerId, name: `E${employerId}` },
    ...over,
  });
const dates = weekDates('2026-03-04');

describe('weekDates', () => {
  it('gives the Sunday-to-Saturday week of any of its days', () => {
    expect(weekDates('2026-03-04')).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(weekDates('2026-03-01')[0]).toBe('2026-03-01');
    expect(weekDates('2026-03-07')[0]).toBe('2026-03-01');
  });
});

describe('buildRows', () => {
  it('has a row per active employer, and one per employer and department a shift has', () => {
    const rows = buildRows(
      [depot, gone, acme],
      [log(1, 2, '2026-03-02', { department: 'Dock' }), log(2, 3, '2026-03-03')],
      [],
      new Map([[1, '07:00']]),
    );
    expect(rows.map((r) => [r.label, r.usualStart])).toEqual([
      ['Acme Studio', '07:00'],
      ['Night Depot', '09:00'],
      ['Night Depot · Dock', '09:00'],
      // An inactive employer's shift is shown, never hidden.
      ['Old Cafe', '09:00'],
    ]);
  });
});

describe('weekChanges', () => {
  const rows = buildRows(
    [acme],
    [
      log(1, 1, '2026-03-02', { startTime: '09:00', endTime: '17:00', breakDuration: 30 }),
      log(2, 1, '2026-03-03'),
      log(3, 1, '2026-03-04', { startTime: '08:00', endTime: '12:00', breakDuration: 0 }),
      log(4, 1, '2026-03-04', { startTime: '13:00', endTime: '17:00', breakDuration: 0 }),
    ],
    [],
    new Map(),
  );
  const key = rows[0]!.key;
  const drafts = (cells: Record<string, string>): Drafts => ({ [key]: cells });

  it('makes a typed empty cell a new shift, a changed one an update, a cleared one a delete', () => {
    const changes = weekChanges(
      rows,
      dates,
      drafts({ '2026-03-01': '22-6:30', '2026-03-02': '10-18 b30', '2026-03-03': ' ' }),
    );
    expect(changes.body).toEqual({
      create: [
        {
          employerId: 1,
          date: '2026-03-01',
          department: null,
          startTime: '22:00',
          endTime: '06:30',
          breakDuration: 0,
        },
      ],
      update: [{ id: 1, startTime: '10:00', endTime: '18:00', breakDuration: 30 }],
      delete: [2],
    });
    expect(changes.cellOf).toEqual({
      'create.0': `${key}@2026-03-01`,
      'update.0': `${key}@2026-03-02`,
      'delete.0': `${key}@2026-03-03`,
    });
    expect(changes.count).toBe(3);
    expect(changes.invalid).toEqual([]);
  });

  it('sees no change in a cell retyped as the same shift, or typed and cleared again', () => {
    const changes = weekChanges(
      rows,
      dates,
      drafts({ '2026-03-02': '9:00-17:00 b30', '2026-03-05': '' }),
    );
    expect(changes.count).toBe(0);
  });

  it('has changes exactly when saving would change something or a cell cannot be read', () => {
    const typings: Record<string, string>[] = [
      {},
      { '2026-03-02': '9:00-17:00 b30', '2026-03-05': '' },
      { '2026-03-01': '22-6:30' },
      { '2026-03-03': '' },
      { '2026-03-05': 'nine to five' },
    ];
    for (const cells of typings) {
      const changes = weekChanges(rows, dates, drafts(cells));
      expect(hasChanges(rows, dates, drafts(cells))).toBe(
        changes.count > 0 || changes.invalid.length > 0,
      );
    }
    expect(hasChanges(rows, dates, drafts({ '2026-03-03': '' }))).toBe(true);
    expect(hasChanges(rows, dates, drafts({ '2026-03-02': '9-17 b30' }))).toBe(false);
  });

  it('lists unreadable cells instead of guessing', () => {
    const changes = weekChanges(rows, dates, drafts({ '2026-03-05': 'nine to five' }));
    expect(changes.invalid).toEqual([
      { cellKey: `${key}@2026-03-05`, message: expect.stringMatching(/^Type a range/) },
    ]);
    expect(changes.count).toBe(0);
  });

  it('keeps a day of two shifts read-only, counted in the totals', () => {
    const state = cellState(rows[0]!, '2026-03-04', 'anything');
    expect(state).toMatchObject({ readOnly: true, changed: false, minutes: 480 });
    expect(weekChanges(rows, dates, drafts({ '2026-03-04': '' })).count).toBe(0);
  });
});

describe('cellState', () => {
  it('reads a text once per row: the same cell and text give the same state, a rebuilt row reads again', () => {
    const [row] = buildRows([acme], [log(1, 1, '2026-03-02')], [], new Map());
    if (!row) throw new Error('no row');
    const typed = cellState(row, '2026-03-03', '9-5 b30');
    expect(typed.minutes).toBe(450);
    expect(cellState(row, '2026-03-03', '9-5 b30')).toBe(typed);
    expect(cellState(row, '2026-03-03', '9-5')).not.toBe(typed);
    expect(cellState(row, '2026-03-03', '9-5').minutes).toBe(480);
    // The saved shift's cell, untyped, and the same cell typed with the same text are two states.
    const saved = cellState(row, '2026-03-02', undefined);
    expect(saved.changed).toBe(false);
    expect(cellState(row, '2026-03-02', saved.text).changed).toBe(false);
    const [rebuilt] = buildRows([acme], [log(1, 1, '2026-03-02')], [], new Map());
    if (!rebuilt) throw new Error('no row');
    expect(cellState(rebuilt, '2026-03-03', '9-5 b30')).not.toBe(typed);
    expect(cellState(rebuilt, '2026-03-03', '9-5 b30')).toEqual(typed);
  });

  it('stays right after a long edit of one row has emptied its cache', () => {
    const [row] = buildRows([acme], [], [], new Map());
    if (!row) throw new Error('no row');
    for (let minute = 0; minute < 300; minute++) {
      const end = `17:${String(minute % 60).padStart(2, '0')}`;
      cellState(row, '2026-03-04', `9:00-${end}`);
    }
    expect(cellState(row, '2026-03-04', '9-17:30').minutes).toBe(510);
    expect(cellState(row, '2026-03-04', '9-17:30')).toBe(cellState(row, '2026-03-04', '9-17:30'));
  });
});
