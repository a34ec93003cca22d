import { toast } from '@/components/ui/use-toast';

/** docs/product/screens.md#work-logs: the success toasts of a save; only a mirrored new log claims the sync. */
const SAVED = {
  added: { title: 'Work log added', description: 'A new work log has been added successfully.' },
  updated: {
    title: 'Work Log Updated',
    description: 'The Work Log Has Been Successfully Updated.',
  },
} as const;
export const ADDED_AND_SYNCED =
  'A new work log has been added successfully and synced to the notes database service.';

export type SaveKind = keyof typeof SAVED;

export function toastSaved(kind: SaveKind, synced: boolean): void {
  toast({
    ...SAVED[kind],
    ...(kind === 'added' && synced ? { description: ADDED_AND_SYNCED } : {}),
    variant: 'success',
  });
}

/** docs/product/screens.md#work-logs: the mirror of a saved log failed, with Notion's reason (or the server's). */
export function toastSyncFailed(reason: string | null): void {
  toast({
    title: 'Error Syncing',
    description: `Failed to add/update work log to Notion database: ${reason || 'Unknown error'}`,
    variant: 'destructive',
  });
}
