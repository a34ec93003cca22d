import { type ComponentProps, lazy } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import type { OvertimeGroupsDialog } from './overtime-groups-dialog';

// Loaded when first opened, keeping the employers page's first load under its budget.
const OvertimeGroupsDialogChunk = lazy(() =>
  import('./overtime-groups-dialog').then((m) => ({ default: m.OvertimeGroupsDialog })),
);

export function LazyOvertimeGroupsDialog(props: ComponentProps<typeof OvertimeGroupsDialog>) {
  return (
    <MountOnceOpened open={props.open}>
      <OvertimeGroupsDialogChunk {...props} />
    </MountOnceOpened>
  );
}
