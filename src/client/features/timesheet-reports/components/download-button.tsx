import { Download } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type DownloadButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'loading'> & {
  onDownload: () => Promise<unknown>;
};

/** aria-disabled, not disabled, while busy: focus is not thrown out of a dialog. */
export function DownloadButton({ onDownload, children, ...props }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      {...props}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        try {
          await onDownload();
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? <Spinner label={null} className="size-4" /> : <Download aria-hidden="true" />}
      {children}
    </Button>
  );
}
