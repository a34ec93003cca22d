import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_SIZE_MESSAGE,
  PROFILE_IMAGE_TYPE_MESSAGE,
} from '../../../../shared/profile-image.ts';

/** docs/product/screens.md#form-rules. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = MAX_PROFILE_IMAGE_BYTES;

export const NOT_AN_IMAGE_MESSAGE = PROFILE_IMAGE_TYPE_MESSAGE;
export const TOO_LARGE_MESSAGE = PROFILE_IMAGE_SIZE_MESSAGE;

/** The picker's filter can be switched off, so check. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

type FileInputProps = {
  onFile: (file: File) => void;
  disabled?: boolean;
  describedBy?: string;
};

/** A real button opens the hidden file input, which stays out of the tab order. */
export function ProfilePictureFileInput({ onFile, disabled, describedBy }: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="profile-picture-file"
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again still counts as a choice.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        <ImageUp aria-hidden="true" />
        Choose image
      </Button>
    </>
  );
}
