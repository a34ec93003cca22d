import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { EmployerFormDialog } from './employer-form-dialog';

// The form brings zod, react-hook-form and the shared schemas: they load after the list
// (see preloadEmployerFormDialog), keeping the page's first load under its budget.
const loadDialog = () => import('./employer-form-dialog');
const EmployerFormDialogChunk = lazy(loadDialog);

/** Starts fetching the form's code without showing it. */
export function preloadEmployerFormDialog() {
  void loadDialog();
}

/** EmployerFormDialog, loaded the first time it opens (or earlier, when preloaded). */
export function LazyEmployerFormDialog(props: ComponentProps<typeof EmployerFormDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <EmployerFormDialogChunk {...props} />
    </Suspense>
  );
}
