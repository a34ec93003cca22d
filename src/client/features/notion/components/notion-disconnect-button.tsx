import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useDisconnectNotion } from '../api/notion-actions';

/** Disconnect, after a yes: nothing more is copied, and the pages already made stay. */
export function NotionDisconnectButton({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectNotion();

  function confirm() {
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Notion Disconnected',
          description: 'Work logs are no longer copied to Notion.',
          variant: 'success',
        });
      },
      onError: (error) => {
        if (isSessionEnded(error)) return;
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to disconnect Notion. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Unplug aria-hidden="true" />
        Disconnect
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!disconnect.isPending) setOpen(next);
        }}
        title="Disconnect Notion?"
        description={`Work logs will no longer be copied to ${title}. The pages already there stay in Notion.`}
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        pending={disconnect.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
