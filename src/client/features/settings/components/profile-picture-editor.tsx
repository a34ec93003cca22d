import { Camera } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import type { User } from '../../../../shared/schemas/auth.ts';

// react-image-crop loads with the dialog, keeping the Settings page small (decision 004).
const loadDialog = () => import('./profile-picture-dialog');
const ProfilePictureDialog = lazy(loadDialog);

function preloadDialog() {
  void loadDialog().catch(() => {});
}

export function ProfilePictureEditor({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex items-center gap-4">
      <UserAvatar user={user} size="lg" />
      <div className="space-y-2">
        <p className="font-medium text-sm">Profile picture</p>
        <p className="text-muted-foreground text-sm">
          {user.profileImageUrl
            ? 'Your picture shows in the sidebar and the top bar.'
            : 'Without a picture, your initial is shown.'}
        </p>
        <Button
          ref={button}
          variant="outline"
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            setOpen(true);
          }}
        >
          <Camera aria-hidden="true" />
          Change picture
        </Button>
      </div>
      <MountOnceOpened open={open}>
        <ProfilePictureDialog
          user={user}
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={button}
        />
      </MountOnceOpened>
    </div>
  );
}
