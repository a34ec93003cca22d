import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeWorkLog } from '../../../test/fixtures';
import { WeekGrid } from './week-grid';
import { createDraftStore, type DraftStore } from './week-grid-drafts';
import { buildRows, clearDraft, setDraft, weekDates } from './week-grid-model';

const acme = makeEmployer({ id: 1, name: 'Acme Studio' });
const depot = makeEmployer({ id: 2, name: 'Night Depot' });
const dates = weekDates('2026-03-01');
const rows = buildRows(
  [acme, depot],
  [makeWorkLog({ id: 5, employerId: 1, date: '2026-03-02' })],
  [],
  new Map(),
);

function Harness({
  onSave = () => {},
  onRender = () => {},
  store,
}: {
  onSave?: () => void;
  /** Called each time the grid's owner renders. */
  onRender?: () => void;
  store?: DraftStore;
}) {
  onRender();
  const [drafts] = useState(() => store ?? createDraftStore());
  const onEdit = useCallback(
    (rowKey: string, date: string, text: string) =>
      drafts.set(setDraft(drafts.get(), rowKey, date, text)),
    [drafts],
  );
  const onRevert = useCallback(
    (rowKey: string, date: string) => drafts.set(clearDraft(drafts.get(), rowKey, date)),
    [drafts],
  );
  return (
    <>
      <p id="help">Type a range</p>
      <WeekGrid
        rows={rows}
        dates={dates}
        drafts={drafts}
        errors={{}}
        revealAll={false}
        timeFormat="24-hour"
        onSave={onSave}
        describedBy="help"
        onEdit={onEdit}
        onRevert={onRevert}
        onOpenShifts={() => {}}
      />
    </>
  );
}

// Many keys typed through jsdom: more than the default 5 s on a busy machine.
const KEYS_TEST = { timeout: 20_000 };

const cell = (employer: string, day: string) =>
  screen.getByRole('textbox', { name: `${employer}, ${day}` });

describe('the week grid', () => {
  it(
    'shows a saved shift as typed text, and totals hours as cells are typed',
    KEYS_TEST,
    async () => {
      render(<Harness />);
      expect(cell('Acme Studio', 'Monday, March 2')).toHaveValue('9-17 b30');
      expect(screen.getByTestId('week-total')).toHaveTextContent('7.5 h');
      await userEvent.click(cell('Night Depot', 'Monday, March 2'));
      await userEvent.keyboard('22-6:30');
      const totals = screen.getAllByTestId('row-total');
      expect(totals[1]).toHaveTextContent('8.5 h');
      expect(screen.getAllByTestId('day-total')[1]).toHaveTextContent('16 h');
      expect(screen.getByTestId('week-total')).toHaveTextContent('16 h');
      expect(cell('Night Depot', 'Monday, March 2')).toHaveAccessibleDescription(
        '22:00 – 06:30 (+1 day)',
      );
    },
  );

  it('types without rendering the grid’s owner again: the cells keep their own drafts', async () => {
    const onRender = vi.fn();
    render(<Harness onRender={onRender} />);
    const rendered = onRender.mock.calls.length;
    await userEvent.click(cell('Night Depot', 'Tuesday, March 3'));
    await userEvent.keyboard('9-17 b30');
    expect(cell('Night Depot', 'Tuesday, March 3')).toHaveValue('9-17 b30');
    expect(screen.getByTestId('week-total')).toHaveTextContent('15 h');
    expect(onRender).toHaveBeenCalledTimes(rendered);
  });

  it(
    'moves with the arrows (left and right at the text’s edges) and Enter; Ctrl+Enter saves',
    KEYS_TEST,
    async () => {
      const onSave = vi.fn();
      render(<Harness onSave={onSave} />);
      await userEvent.click(cell('Acme Studio', 'Tuesday, March 3'));
      await userEvent.keyboard('{ArrowDown}');
      expect(cell('Night Depot', 'Tuesday, March 3')).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      expect(cell('Night Depot', 'Tuesday, March 3')).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}{ArrowLeft}');
      const monday = cell('Acme Studio', 'Monday, March 2');
      expect(monday).toHaveFocus();
      // The text is selected on arrival: the caret is not at its end until it moves there.
      expect((monday as HTMLInputElement).selectionStart).toBe(0);
      expect((monday as HTMLInputElement).selectionEnd).toBe(8);
      await userEvent.keyboard('{ArrowLeft}');
      expect(cell('Acme Studio', 'Sunday, March 1')).toHaveFocus();
      await userEvent.keyboard('9-17{ArrowLeft}{ArrowRight}');
      expect(cell('Acme Studio', 'Sunday, March 1')).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      expect(monday).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(cell('Night Depot', 'Monday, March 2')).toHaveFocus();
      await userEvent.tab();
      expect(cell('Night Depot', 'Tuesday, March 3')).toHaveFocus();
      expect(onSave).not.toHaveBeenCalled();
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      expect(onSave).toHaveBeenCalledTimes(1);
    },
  );

  it(
    'points out unreadable text at its cell once left, and Escape undoes a cell',
    KEYS_TEST,
    async () => {
      render(<Harness />);
      const tuesday = cell('Acme Studio', 'Tuesday, March 3');
      await userEvent.click(tuesday);
      await userEvent.keyboard('nine');
      expect(tuesday).not.toHaveAttribute('aria-invalid');
      await userEvent.tab();
      expect(tuesday).toHaveAttribute('aria-invalid', 'true');
      expect(tuesday).toHaveAccessibleDescription(/^Type a range like 9-17/);
      // Not counted in the totals, never guessed.
      expect(screen.getByTestId('week-total')).toHaveTextContent('7.5 h');

      const monday = cell('Acme Studio', 'Monday, March 2');
      await userEvent.click(monday);
      await userEvent.clear(monday);
      expect(screen.getByTestId('week-total')).toHaveTextContent('0 h');
      await userEvent.keyboard('{Escape}');
      expect(monday).toHaveValue('9-17 b30');
      expect(screen.getByTestId('week-total')).toHaveTextContent('7.5 h');
    },
  );

  it('puts text set from outside the keystrokes (a Discard, a save) in the cells typed', async () => {
    const store = createDraftStore();
    render(<Harness store={store} />);
    const monday = cell('Acme Studio', 'Monday, March 2');
    const tuesday = cell('Night Depot', 'Tuesday, March 3');
    await userEvent.click(tuesday);
    await userEvent.keyboard('9-1');
    expect(store.get()[rows[1]!.key]).toEqual({ '2026-03-03': '9-1' });
    await userEvent.clear(monday);
    // Set elsewhere, as Discard and a save do: the inputs, which React does not control, follow.
    act(() => store.set(setDraft(store.get(), rows[1]!.key, '2026-03-03', '10-14')));
    expect(tuesday).toHaveValue('10-14');
    expect(monday).toHaveValue('');
    expect(screen.getByTestId('week-total')).toHaveTextContent('4 h');
    act(() => store.set({}));
    expect(tuesday).toHaveValue('');
    expect(monday).toHaveValue('9-17 b30');
    expect(screen.getByTestId('week-total')).toHaveTextContent('7.5 h');
    // And typing goes on from there.
    await userEvent.type(tuesday, '8');
    expect(tuesday).toHaveValue('8');
    expect(store.get()[rows[1]!.key]).toEqual({ '2026-03-03': '8' });
  });

  it('shows a day of two shifts as a button, never as one merged shift', () => {
    const twice = buildRows(
      [acme],
      [
        makeWorkLog({
          id: 1,
          date: '2026-03-03',
          startTime: '08:00',
          endTime: '12:00',
          breakDuration: 0,
        }),
        makeWorkLog({
          id: 2,
          date: '2026-03-03',
          startTime: '13:00',
          endTime: '17:30',
          breakDuration: 0,
        }),
      ],
      [],
      new Map(),
    );
    const onOpenShifts = vi.fn();
    render(
      <WeekGrid
        rows={twice}
        dates={dates}
        drafts={createDraftStore()}
        errors={{}}
        revealAll={false}
        timeFormat="24-hour"
        onSave={() => {}}
        describedBy="help"
        onEdit={() => {}}
        onRevert={() => {}}
        onOpenShifts={onOpenShifts}
      />,
    );
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('textbox', { name: /Tuesday, March 3/ })).toBeNull();
    screen
      .getByRole('button', {
        name: 'Acme Studio, Tuesday, March 3: 2 shifts, 8.5 hours. Show them',
      })
      .click();
    expect(onOpenShifts).toHaveBeenCalledWith(twice[0]!.key, '2026-03-03');
  });
});
