import type { SaveTimings } from '@/lib/use-save-state';

/** docs/product/screens.md#states, work-log save button: "Try Again" returns to idle after about 1.5 s; the check
 *  mark shows long enough to be seen before the dialog closes. */
export const workLogSaveTimings = {
  errorResetMs: 1500,
  closeAfterMs: 800,
} as const satisfies SaveTimings;
