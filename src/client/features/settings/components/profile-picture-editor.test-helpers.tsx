/** What the profile picture tests share: the editor as Settings shows it, and a picture. */
import { fireEvent, screen } from '@testing-library/react';
import { useMe } from '@/features/auth';
import { ProfilePictureEditor } from './profile-picture-editor';

/** The editor as the Settings page shows it: fed by the cached signed-in user. */
export function EditorFromCache() {
  const { data: user } = useMe();
  return user ? <ProfilePictureEditor user={user} /> : null;
}

/** The file input behind 'Choose image' (kept out of the accessibility tree on purpose). */
export function fileInput(): HTMLInputElement {
  const input = screen.getByRole('dialog').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('No file input in the dialog');
  return input;
}

/** jsdom decodes no images: gives the chosen picture a size and says it loaded. */
export async function loadChosenImage(width: number, height: number) {
  const img = await screen.findByRole('img', { name: 'Your chosen file, to crop' });
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(img);
  return img as HTMLImageElement;
}

export function pngFile(name = 'me.png', size?: number): File {
  const file = new File(['png-bytes'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
