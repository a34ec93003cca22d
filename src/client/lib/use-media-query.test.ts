import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DESKTOP_QUERY, useIsDesktop, useMediaQuery } from './use-media-query';

/** A window whose width can change during the test: `resize(true)` makes `query` match. */
function mediaWindow(query: string, initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    ...original(media),
    get matches() {
      return media === query && matches;
    },
    addEventListener: (_: string, listener: () => void) => {
      listeners.add(listener);
    },
    removeEventListener: (_: string, listener: () => void) => {
      listeners.delete(listener);
    },
  })) as unknown as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = original;
  });
  return {
    listeners,
    resize(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('useMediaQuery', () => {
  it('answers at once and follows the window as it changes', () => {
    const media = mediaWindow('(prefers-reduced-motion: reduce)', true);
    const { result, unmount } = renderHook(() => useMediaQuery('(prefers-reduced-motion: reduce)'));
    expect(result.current).toBe(true);

    act(() => media.resize(false));
    expect(result.current).toBe(false);

    unmount();
    expect(media.listeners.size).toBe(0);
  });
});

describe('useIsDesktop', () => {
  it('is true from 768 px and false below', () => {
    const media = mediaWindow(DESKTOP_QUERY, false);
    const { result } = renderHook(() => useIsDesktop());
    expect(result.current).toBe(false);

    act(() => media.resize(true));
    expect(result.current).toBe(true);
  });
});
