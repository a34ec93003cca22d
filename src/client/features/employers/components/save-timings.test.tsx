import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSaveState } from '@/lib/use-save-state';
import { saveTimings } from './save-timings';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the employer save button state', () => {
  it('goes from idle to saving to saved and closes the add dialog about 0.8 s later', () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useSaveState(saveTimings.add));
    expect(result.current.state).toBe('idle');
    act(() => result.current.start());
    expect(result.current.state).toBe('saving');
    act(() => result.current.succeed(onSaved));
    expect(result.current.state).toBe('saved');
    act(() => vi.advanceTimersByTime(799));
    expect(onSaved).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('closes the edit dialog 500 ms after a save', () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useSaveState(saveTimings.edit));
    act(() => result.current.succeed(onSaved));
    act(() => vi.advanceTimersByTime(499));
    expect(onSaved).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('shows the error for 2 s in the add dialog, then returns to idle', () => {
    const { result } = renderHook(() => useSaveState(saveTimings.add));
    act(() => result.current.fail());
    expect(result.current.state).toBe('error');
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.state).toBe('error');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('idle');
  });

  it('shows the error for 3 s when editing from the employers page', () => {
    const { result } = renderHook(() => useSaveState(saveTimings.edit));
    act(() => result.current.fail());
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.state).toBe('error');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('idle');
  });

  it('drops a pending close when the form goes away', () => {
    const onSaved = vi.fn();
    const { result, unmount } = renderHook(() => useSaveState(saveTimings.add));
    act(() => result.current.succeed(onSaved));
    unmount();
    vi.advanceTimersByTime(5000);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
