import { type ComponentProps, lazy } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import type { EmailMethodDialog } from './email-method-dialog';

// The compose form brings zod, react-hook-form and the shared schemas: the history loads
// without them (decision 004). The report form's chunk has them already, so this is quick.
const EmailMethodDialogChunk = lazy(() => import('./email-method-dialog'));

export function LazyEmailMethodDialog(props: ComponentProps<typeof EmailMethodDialog>) {
  return (
    <MountOnceOpened open={props.target !== null}>
      <EmailMethodDialogChunk {...props} />
    </MountOnceOpened>
  );
}
