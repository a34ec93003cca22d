import type { SaveTimings } from '@/lib/use-save-state';

/** docs/product/screens.md#states, employer save button: how long "Try Again" stays, and when the dialog closes. */
export const saveTimings = {
  add: { errorResetMs: 2000, closeAfterMs: 800 },
  edit: { errorResetMs: 3000, closeAfterMs: 500 },
} as const satisfies Record<'add' | 'edit', SaveTimings>;
