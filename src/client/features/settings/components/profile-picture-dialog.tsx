import { type RefObject, useEffect, useRef, useState } from 'react';
import type { PercentCrop } from 'react-image-crop';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDiscardGuard,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { ApiError, isSessionEnded, NetworkError } from '@/lib/api-client';
import type { User } from '../../../../shared/schemas/auth.ts';
import { useRemoveProfileImage } from '../api/remove-profile-image';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { cropToJpeg, ProfilePictureCropper } from './profile-picture-cropper';
import {
  imageFileProblem,
  NOT_AN_IMAGE_MESSAGE,
  ProfilePictureFileInput,
} from './profile-picture-file-input';

const UPLOAD_FAILED = 'Failed to upload profile picture. Please try again.';
const REMOVE_FAILED = 'Failed to remove profile picture. Please try again.';
const FILE_ERROR_ID = 'profile-picture-file-error';

/** docs/product/screens.md#messages; an ended session says nothing here (the sign-out does). */
function toastFailure(error: unknown, title: string) {
  if (isSessionEnded(error)) return;
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const description = refused
    ? error.serverMessage
    : error instanceof NetworkError
      ? error.message
      : undefined;
  toast({ title, description, variant: 'destructive' });
}

type DialogProps = {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog has no Radix trigger of its own. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** docs/product/screens.md#profile-picture. */
export function ProfilePictureDialog({ user, open, onOpenChange, returnFocusTo }: DialogProps) {
  // Stays open while saving: closing would not stop the request, whose outcome would come from nowhere.
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !busy) onOpenChange(next);
      }}
    >
      <DialogContent
        className="sm:max-w-lg"
        closeDisabled={busy}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Profile picture</DialogTitle>
          <DialogDescription>
            Choose a PNG, JPG or WebP image of up to 5MB, then move the circle over the part to
            keep.
          </DialogDescription>
        </DialogHeader>
        <ProfilePictureForm user={user} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type FormProps = {
  user: User;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
};

function ProfilePictureForm({ user, onBusyChange, onDone }: FormProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  useDiscardGuard(src !== null);
  useEffect(() => {
    if (!src) return;
    return () => URL.revokeObjectURL(src);
  }, [src]);

  const busy = saving || remove.isPending;
  useEffect(() => {
    onBusyChange(busy);
    // Closed after a save, the form goes before its `saving` is put back: not busy then.
    return () => onBusyChange(false);
  }, [busy, onBusyChange]);

  function choose(file: File) {
    const problem = imageFileProblem(file);
    setFileError(problem);
    if (problem) return;
    setCrop(undefined);
    setSrc(URL.createObjectURL(file));
  }

  async function save() {
    if (!crop || !image.current || busy) return;
    setSaving(true);
    try {
      await upload.mutateAsync(await cropToJpeg(image.current, crop));
      toast({ title: 'Profile picture updated', variant: 'success' });
      onDone();
    } catch (error) {
      toastFailure(error, UPLOAD_FAILED);
    } finally {
      setSaving(false);
    }
  }

  function removePicture() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Profile picture removed', variant: 'success' });
        onDone();
      },
      onError: (error) => toastFailure(error, REMOVE_FAILED),
    });
  }

  return (
    <>
      <div className="flex flex-col items-center gap-4">
        {src ? (
          <ProfilePictureCropper
            src={src}
            crop={crop}
            onCropChange={setCrop}
            imageRef={image}
            onImageError={() => {
              setSrc(null);
              setFileError(NOT_AN_IMAGE_MESSAGE);
            }}
          />
        ) : (
          <UserAvatar user={user} size="lg" />
        )}
        {src ? (
          <p className="text-center text-muted-foreground text-xs">
            Drag the circle or its corners. With the keyboard, focus it and use the arrow keys
            (Shift moves 10 pixels, Ctrl or ⌘ moves 100).
          </p>
        ) : null}
        <ProfilePictureFileInput
          onFile={choose}
          disabled={busy}
          describedBy={fileError ? FILE_ERROR_ID : undefined}
        />
        {fileError ? (
          <div id={FILE_ERROR_ID} className="w-full">
            <FormAlert>{fileError}</FormAlert>
          </div>
        ) : null}
      </div>
      <DialogFooter className="sm:justify-between">
        {user.profileImageUrl ? (
          <Button
            variant="outline"
            className="text-destructive"
            onClick={removePicture}
            loading={remove.isPending}
            disabled={busy}
          >
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        ) : (
          <span aria-hidden="true" />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Close
            </Button>
          </DialogClose>
          <Button onClick={() => void save()} loading={saving} disabled={!crop || busy}>
            {saving ? 'Saving...' : 'Save Picture'}
          </Button>
        </div>
      </DialogFooter>
    </>
  );
}

export default ProfilePictureDialog;
