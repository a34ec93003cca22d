/** What the profile picture tests share: the editor as Settings shows it, and a picture. */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
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

/** A canvas of this size in one colour (the browser's own drawing, so a real picture). */
function paint(width: number, height: number, colour: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw');
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  return canvas;
}

/** A picture address the browser really loads: a small PNG as a data URL. */
export function pictureUrl(colour: string): string {
  return paint(8, 8, colour).toDataURL('image/png');
}

/**
 * A real PNG file of `width`×`height`. With `bytes`, zeros after the image make the file exactly
 * that large; decoders stop at the PNG's last chunk, so it still opens as the same picture.
 */
export async function pngFile({
  name = 'me.png',
  width = 300,
  height = 400,
  bytes,
}: {
  name?: string;
  width?: number;
  height?: number;
  bytes?: number;
} = {}): Promise<File> {
  const png = await new Promise<Blob>((resolve, reject) =>
    paint(width, height, '#3b82f6').toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))),
      'image/png',
    ),
  );
  const padding = bytes === undefined ? 0 : bytes - png.size;
  if (padding < 0) throw new Error(`A ${width}×${height} PNG is larger than ${bytes} bytes`);
  const file = new File([png, new Uint8Array(padding)], name, { type: 'image/png' });
  if (bytes !== undefined) expect(file.size).toBe(bytes);
  return file;
}

/**
 * Waits until the browser has decoded the chosen picture and the crop selection is on it, and
 * checks the picture is the size the test chose.
 */
export async function loadChosenImage(width: number, height: number) {
  const img = await screen.findByRole<HTMLImageElement>('img', {
    name: 'Your chosen file, to crop',
  });
  await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true));
  expect([img.naturalWidth, img.naturalHeight]).toEqual([width, height]);
  await screen.findByRole('group', {
    name: 'Use the arrow keys to move the crop selection area',
  });
  return img;
}
