import type { SaveTimings } from '@/lib/use-save-state';

/** docs/product/screens.md#states: the check mark shows long enough to be seen before closing. */
export const workLogSaveTimings = {
  errorResetMs: 1500,
  closeAfterMs: 800,
} as const satisfies SaveTimings;
