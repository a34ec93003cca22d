import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { meQueryKey, setSignedInUser } from '@/features/auth';
import { makeUser } from '@/test/fixtures';
import { apiError, hang, json, type MockApi, mockApi, offline } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import type { User } from '../../../../shared/schemas/auth.ts';
import {
  EditorFromCache,
  fileInput,
  loadChosenImage,
  pictureUrl,
  pngFile,
} from './profile-picture-editor.test-helpers';

// Pictures the browser really shows, as the server's addresses would be (a green old one, a red new one).
const OLD_URL = pictureUrl('#16a34a');
const NEW_URL = pictureUrl('#dc2626');
let api: MockApi;
// The browser's own canvas and object URLs, watched: what is drawn, exported and shown.
let drawImage: MockInstance<CanvasRenderingContext2D['drawImage']>;
let toBlob: MockInstance<HTMLCanvasElement['toBlob']>;
let createObjectURL: MockInstance<typeof URL.createObjectURL>;

beforeEach(() => {
  drawImage = vi.spyOn(CanvasRenderingContext2D.prototype, 'drawImage');
  toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob');
  createObjectURL = vi.spyOn(URL, 'createObjectURL');
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderEditor(user: User) {
  let serverUser = user;
  api = mockApi({
    'GET /api/auth/me': () => ({ user: serverUser }),
    'POST /api/auth/upload-profile-image': () => {
      serverUser = { ...serverUser, profileImageUrl: NEW_URL };
      return { success: true, imageUrl: NEW_URL };
    },
    'DELETE /api/auth/remove-profile-image': () => {
      serverUser = { ...serverUser, profileImageUrl: null };
      return { success: true };
    },
  });
  const result = renderWithProviders(<EditorFromCache />, { path: '/settings' });
  setSignedInUser(result.queryClient, user);
  return result;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Change picture' }));
  return screen.findByRole('dialog', { name: 'Profile picture' });
}

function editorAvatar(): HTMLImageElement | null {
  const button = screen.getByRole('button', { name: 'Change picture', hidden: true });
  return button.closest('div')?.parentElement?.querySelector('img') ?? null;
}

/** Waits until the editor's avatar is the picture at `url`, loaded by the browser. */
async function avatarShows(url: string) {
  await waitFor(() => {
    const avatar = editorAvatar();
    expect(avatar).toHaveAttribute('src', url);
    expect(avatar?.complete && avatar.naturalWidth > 0).toBe(true);
  });
}

describe('choosing a picture', () => {
  it('refuses a file that is not a PNG, JPG or WebP image, whatever the picker allowed', async () => {
    renderEditor(makeUser());
    await openDialog();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select an image file (PNG, JPG, JPEG, WebP)',
    );
    expect(
      screen.queryByRole('img', { name: 'Your chosen file, to crop' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Picture' })).toBeDisabled();
  });

  it('refuses an image over 5MB and takes one of exactly 5MB', async () => {
    renderEditor(makeUser());
    await openDialog();
    await userEvent.upload(
      fileInput(),
      await pngFile({ name: 'big.png', bytes: 5 * 1024 * 1024 + 1 }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image smaller than 5MB');
    expect(screen.getByRole('button', { name: 'Choose image' })).toHaveAccessibleDescription(
      'Please select an image smaller than 5MB',
    );

    const ok = await pngFile({ name: 'ok.png', bytes: 5 * 1024 * 1024 });
    await userEvent.upload(fileInput(), ok);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(createObjectURL).toHaveBeenLastCalledWith(ok);
    expect(await screen.findByRole('img', { name: 'Your chosen file, to crop' })).toHaveAttribute(
      'src',
      createObjectURL.mock.results.at(-1)?.value,
    );
    await loadChosenImage(300, 400);
  });

  it('starts with a centred square crop 90% of the width wide, movable from the keyboard', async () => {
    renderEditor(makeUser());
    await openDialog();
    expect(screen.getByRole('button', { name: 'Save Picture' })).toBeDisabled();
    await userEvent.upload(fileInput(), await pngFile({ width: 300, height: 400 }));
    await loadChosenImage(300, 400);
    const area = screen.getByRole('group', {
      name: 'Use the arrow keys to move the crop selection area',
    });
    expect(area).toHaveAttribute('tabindex', '0');
    // 90% of 300 px is 270 px square: 90% wide, 67.5% tall, centred both ways.
    expect(area.style.left).toBe('5%');
    expect(area.style.top).toBe('16.25%');
    expect(area.style.width).toBe('90%');
    expect(area.style.height).toBe('67.5%');
    expect(screen.getByRole('button', { name: 'Save Picture' })).toBeEnabled();
  });

  it('asks before closing with a chosen picture that was not saved', async () => {
    renderEditor(makeUser());
    await openDialog();
    await userEvent.upload(fileInput(), await pngFile());
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
  });

  it('closes at once without a picture, and gives focus back to Change picture', async () => {
    renderEditor(makeUser());
    const dialog = await openDialog();
    const footer = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(footer[footer.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change picture' })).toHaveFocus();
  });
});

describe('saving the picture', () => {
  it('uploads the crop as a 200x200 JPEG and shows it everywhere at once', async () => {
    const { queryClient } = renderEditor(makeUser());
    await openDialog();
    await userEvent.upload(fileInput(), await pngFile({ width: 300, height: 400 }));
    const img = await loadChosenImage(300, 400);
    // From now on the server is slow to say who is signed in: the new picture must come
    // from the upload's answer, not from asking again.
    api.use({ 'GET /api/auth/me': hang });
    await userEvent.click(screen.getByRole('button', { name: 'Save Picture' }));

    expect(await findToast('Profile picture updated')).toBeInTheDocument();
    expect(drawImage).toHaveBeenCalledWith(img, 15, 65, 270, 270, 0, 0, 200, 200);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    const [, init] = api.fetch.mock.calls.find(
      ([url]) => url === '/api/auth/upload-profile-image',
    )!;
    const sent = (init!.body as FormData).get('profileImage') as File;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('profile.jpg');
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    // What went is a real JPEG (it starts FF D8 FF) of 200×200 pixels.
    expect([...new Uint8Array(await sent.slice(0, 3).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
    const decoded = await createImageBitmap(sent);
    expect([decoded.width, decoded.height]).toEqual([200, 200]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await avatarShows(NEW_URL);
    expect(queryClient.getQueryData<User>(meQueryKey)?.profileImageUrl).toBe(NEW_URL);
  });

  it('cannot be closed or discarded while the picture is being saved', async () => {
    renderEditor(makeUser());
    const dialog = await openDialog();
    let answer: (response: Response) => void = () => {};
    api.use({
      'POST /api/auth/upload-profile-image': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await userEvent.upload(fileInput(), await pngFile({ width: 300, height: 300 }));
    await loadChosenImage(300, 300);
    await userEvent.click(screen.getByRole('button', { name: 'Save Picture' }));
    await waitFor(() => expect(api.calls('POST /api/auth/upload-profile-image')).toHaveLength(1));

    // The footer's Close and the corner's X.
    for (const close of within(dialog).getAllByRole('button', { name: 'Close' })) {
      expect(close).toBeDisabled();
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    answer(json({ success: true, imageUrl: NEW_URL }));
    expect(await findToast('Profile picture updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, it can be closed as usual.
    const again = await openDialog();
    for (const close of within(again).getAllByRole('button', { name: 'Close' })) {
      expect(close).toBeEnabled();
    }
  });

  it("keeps the dialog open and shows the server's reason when it refuses the picture", async () => {
    renderEditor(makeUser());
    await openDialog();
    api.use({
      'POST /api/auth/upload-profile-image': apiError(
        413,
        'too_large',
        'Please select an image smaller than 5MB',
      ),
    });
    await userEvent.upload(fileInput(), await pngFile({ width: 300, height: 300 }));
    await loadChosenImage(300, 300);
    await userEvent.click(screen.getByRole('button', { name: 'Save Picture' }));
    const toast = await findToast('Failed to upload profile picture. Please try again.');
    expect(toast).toHaveTextContent('Please select an image smaller than 5MB');
    expect(screen.getByRole('dialog', { name: 'Profile picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Picture' })).toBeEnabled();
    expect(editorAvatar()).toBeNull();
  });

  it('says the upload failed when the server cannot be reached', async () => {
    renderEditor(makeUser());
    await openDialog();
    api.use({ 'POST /api/auth/upload-profile-image': offline });
    await userEvent.upload(fileInput(), await pngFile({ width: 300, height: 300 }));
    await loadChosenImage(300, 300);
    await userEvent.click(screen.getByRole('button', { name: 'Save Picture' }));
    expect(
      await findToast('Failed to upload profile picture. Please try again.'),
    ).toHaveTextContent('Could not reach the server.');
  });
});

describe('removing the picture', () => {
  it('is offered only when there is a picture', async () => {
    renderEditor(makeUser({ profileImageUrl: null }));
    await openDialog();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('deletes it, says so, and shows the initial instead', async () => {
    renderEditor(makeUser({ profileImageUrl: OLD_URL }));
    await avatarShows(OLD_URL);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await findToast('Profile picture removed')).toBeInTheDocument();
    expect(api.calls('DELETE /api/auth/remove-profile-image')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(editorAvatar()).toBeNull();
  });

  it('says so when the removal fails, and keeps the picture', async () => {
    renderEditor(makeUser({ profileImageUrl: OLD_URL }));
    await avatarShows(OLD_URL);
    await openDialog();
    api.use({
      'DELETE /api/auth/remove-profile-image': apiError(500, 'internal_error', 'Boom'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const toast = await findToast('Failed to remove profile picture. Please try again.');
    expect(toast).not.toHaveTextContent('Boom');
    expect(editorAvatar()).toHaveAttribute('src', OLD_URL);
    await avatarShows(OLD_URL);
  });
});
