import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveButton } from '@/components/ui/save-button';
import { useSaveState } from '@/lib/use-save-state';
import { workLogSaveTimings } from './save-timings';
import { workLogSaveLabels } from './use-save-work-log';

const { closeAfterMs: CLOSE_AFTER_SUCCESS_MS, errorResetMs: ERROR_RESET_MS } = workLogSaveTimings;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the work-log save button state', () => {
  it('goes from error back to idle after 1.5 s, not before', () => {
    const { result } = renderHook(() => useSaveState(workLogSaveTimings));
    act(() => result.current.start());
    expect(result.current.state).toBe('saving');
    act(() => result.current.fail());
    expect(result.current.state).toBe('error');
    act(() => vi.advanceTimersByTime(ERROR_RESET_MS - 1));
    expect(result.current.state).toBe('error');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('idle');
    expect(ERROR_RESET_MS).toBe(1500);
  });

  it('shows success, then calls onDone shortly after', () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useSaveState(workLogSaveTimings));
    act(() => result.current.start());
    act(() => result.current.succeed(onDone));
    expect(result.current.state).toBe('saved');
    act(() => vi.advanceTimersByTime(CLOSE_AFTER_SUCCESS_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('does nothing late once the dialog is gone', () => {
    const onDone = vi.fn();
    const { result, unmount } = renderHook(() => useSaveState(workLogSaveTimings));
    act(() => result.current.succeed(onDone));
    unmount();
    act(() => vi.advanceTimersByTime(CLOSE_AFTER_SUCCESS_MS * 2));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a new attempt cancels the pending reset of a failed one', () => {
    const { result } = renderHook(() => useSaveState(workLogSaveTimings));
    act(() => result.current.fail());
    act(() => vi.advanceTimersByTime(1000));
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(ERROR_RESET_MS));
    expect(result.current.state).toBe('saving');
  });
});

describe('the work-log save button', () => {
  it.each([
    ['add', 'idle', 'Save Work Log'],
    ['add', 'saving', 'Saving...'],
    ['add', 'saved', 'Saved'],
    ['add', 'error', 'Try Again'],
    ['edit', 'idle', 'Update Work Log'],
    ['edit', 'saving', 'Updating...'],
  ] as const)('in %s mode reads %s as "%s"', (mode, state, text) => {
    render(<SaveButton labels={workLogSaveLabels[mode]} state={state} />);
    expect(screen.getByRole('button', { name: text })).toBeInTheDocument();
  });

  it('stays focusable but marked unavailable while saving', () => {
    render(<SaveButton labels={workLogSaveLabels.add} state="saving" />);
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });
});
