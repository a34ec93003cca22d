import { type ComponentProps, lazy } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import type { HolidaysDialog } from './holidays-dialog';

// Loaded when first opened, keeping the employers page's first load under its budget.
const HolidaysDialogChunk = lazy(() =>
  import('./holidays-dialog').then((m) => ({ default: m.HolidaysDialog })),
);

export function LazyHolidaysDialog(props: ComponentProps<typeof HolidaysDialog>) {
  return (
    <MountOnceOpened open={props.employer !== undefined}>
      <HolidaysDialogChunk {...props} />
    </MountOnceOpened>
  );
}
