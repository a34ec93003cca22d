import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  defaultWorkLogFilters,
  readStoredFilters,
  useWorkLogFilters,
  WORK_LOG_FILTERS_KEY,
} from './use-work-log-filters';

const stored = () => JSON.parse(window.localStorage.getItem(WORK_LOG_FILTERS_KEY) ?? 'null');

describe('the work-log filters', () => {
  it('start as all employers, all departments and all time', () => {
    const { result } = renderHook(() => useWorkLogFilters());
    expect(result.current.filters).toEqual({ employerId: 'all', department: 'all', date: 'all' });
  });

  it("are kept in localStorage under 'workLogFilters' and come back on the next visit", () => {
    const first = renderHook(() => useWorkLogFilters());
    act(() => first.result.current.update({ employerId: '3', date: 'this-month' }));
    expect(stored()).toEqual({ employerId: '3', department: 'all', date: 'this-month' });
    first.unmount();

    const second = renderHook(() => useWorkLogFilters());
    expect(second.result.current.filters).toEqual({
      employerId: '3',
      department: 'all',
      date: 'this-month',
    });
  });

  it('drop the department when the employer changes', () => {
    const { result } = renderHook(() => useWorkLogFilters());
    act(() => result.current.update({ employerId: '2', department: 'Reception' }));
    expect(result.current.filters.department).toBe('Reception');
    act(() => result.current.update({ employerId: '5' }));
    expect(result.current.filters.department).toBe('all');
  });

  it('are cleared from storage when the page is unloaded', () => {
    const { result } = renderHook(() => useWorkLogFilters());
    act(() => result.current.update({ date: 'last-week' }));
    expect(stored()).not.toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.localStorage.getItem(WORK_LOG_FILTERS_KEY)).toBeNull();
    expect(readStoredFilters()).toEqual(defaultWorkLogFilters);
  });

  it('reset to the defaults and forget the stored copy', () => {
    const { result } = renderHook(() => useWorkLogFilters());
    act(() => result.current.update({ employerId: '1', date: 'today' }));
    act(() => result.current.reset());
    expect(result.current.filters).toEqual(defaultWorkLogFilters);
    expect(window.localStorage.getItem(WORK_LOG_FILTERS_KEY)).toBeNull();
  });

  it('ignore stored values they do not understand', () => {
    window.localStorage.setItem(
      WORK_LOG_FILTERS_KEY,
      JSON.stringify({ employerId: 'x', department: 'Lab', date: 'next-decade' }),
    );
    expect(readStoredFilters()).toEqual(defaultWorkLogFilters);
    window.localStorage.setItem(WORK_LOG_FILTERS_KEY, '{not json');
    expect(readStoredFilters()).toEqual(defaultWorkLogFilters);
  });
});
