import { type ComponentProps, lazy } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import type { EmployerFormDialog } from './employer-form-dialog';

// The form brings zod, react-hook-form and the shared schemas: they load after the list
// (see preloadEmployerFormDialog), keeping the page's first load under its budget.
const loadDialog = () => import('./employer-form-dialog');
const EmployerFormDialogChunk = lazy(loadDialog);

export function preloadEmployerFormDialog() {
  // A failed warm-up is not an error: opening the dialog asks again.
  void loadDialog().catch(() => {});
}

export function LazyEmployerFormDialog(props: ComponentProps<typeof EmployerFormDialog>) {
  return (
    <MountOnceOpened open={props.open}>
      <EmployerFormDialogChunk {...props} />
    </MountOnceOpened>
  );
}
