import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { apiError, json, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { monthWeeks } from '../month';
import { MonthGrid } from './month-grid';

const shift = makeWorkLog({
  id: 41,
  date: '2026-09-10',
  startTime: '09:00',
  endTime: '17:00',
  hours: '7.50',
});

function renderGrid(onOpen = vi.fn(), onMonthChange = vi.fn()) {
  renderWithProviders(
    <MonthGrid
      month="2026-09"
      weeks={monthWeeks('2026-09')}
      today="2026-11-28"
      workLogs={[shift]}
      timeFormat="12-hour"
      onMonthChange={onMonthChange}
      onOpen={onOpen}
      busy={false}
    />,
  );
  return { onOpen, onMonthChange };
}

/** A day's cell (a grid's td: a gridcell to the browser, a cell to jsdom's role table). */
const cell = (date: string) => {
  const found = document.querySelector<HTMLElement>(`[data-date="${date}"]`);
  if (!found) throw new Error(`no cell for ${date}`);
  return found;
};

describe('the month grid', () => {
  it('one tab stop; arrow keys, Home and End move the day; Enter opens a shift', async () => {
    mockApi();
    const user = userEvent.setup();
    const { onOpen, onMonthChange } = renderGrid();
    expect(screen.getByRole('grid')).toBeInTheDocument();
    // Not today's month: its first day is the tab stop.
    const tabStops = [...document.querySelectorAll<HTMLElement>('[data-date]')].filter(
      (c) => c.tabIndex === 0,
    );
    expect(tabStops).toHaveLength(1);
    expect(tabStops[0]).toHaveAccessibleName('Tue, Sep 1, 2026: no shifts');

    await user.click(cell('2026-09-09'));
    expect(cell('2026-09-09')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cell('2026-09-10')).toHaveFocus();
    expect(cell('2026-09-10')).toHaveAccessibleName('Thu, Sep 10, 2026: 1 shift, 7.5 h');
    expect(cell('2026-09-10').tabIndex).toBe(0);
    expect(cell('2026-09-09').tabIndex).toBe(-1);
    await user.keyboard('{ArrowDown}');
    expect(cell('2026-09-17')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('2026-09-13')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('2026-09-19')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}');
    expect(cell('2026-09-10')).toHaveFocus();

    await user.tab();
    const button = screen.getByRole('button', { name: /^Acme Studio, 9:00 AM – 5:00 PM, 7\.5 h$/ });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(shift);

    // Past the month's first week: the month before is asked for.
    await user.click(cell('2026-09-01'));
    await user.keyboard('{ArrowUp}');
    expect(onMonthChange).toHaveBeenCalledWith('2026-08');
  });

  it('Alt+arrow moves the shift through the work-log save; a refusal is said and nothing moves', async () => {
    const api = mockApi({
      'PATCH /api/work-logs/41': (call) =>
        (call.body as { date: string }).date === '2026-09-03'
          ? apiError(
              409,
              'period_closed',
              'The pay period Sun, Aug 30, 2026 – Sat, Sep 5, 2026 at Acme Studio is closed: reopen it to change its shifts.',
            )
          : json({ ...shift, date: (call.body as { date: string }).date }),
    });
    const user = userEvent.setup();
    renderGrid();
    const button = screen.getByRole('button', { name: /^Acme Studio/ });
    button.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not moved: The pay period Sun, Aug 30, 2026 – Sat, Sep 5, 2026 at Acme Studio is closed',
    );
    expect(api.calls('PATCH /api/work-logs/41').map((c) => c.body)).toEqual([
      { date: '2026-09-03' },
    ]);
    expect(cell('2026-09-10')).toContainElement(button);

    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Moved the Acme Studio shift of Thu, Sep 10, 2026 to Fri, Sep 11, 2026.',
      ),
    );
    expect(api.calls('PATCH /api/work-logs/41').at(-1)?.body).toEqual({ date: '2026-09-11' });
  });
});
