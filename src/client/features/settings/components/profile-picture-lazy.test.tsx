import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { EditorFromCache } from './profile-picture-editor.test-helpers';

// Counts the imports of the cropper library: the factory runs when a module first asks for it.
const cropper = vi.hoisted(() => ({ loads: 0 }));
vi.mock('react-image-crop', async (importOriginal) => {
  cropper.loads += 1;
  return importOriginal();
});

describe('the profile picture editor', () => {
  it('loads the image cropper only when the dialog is first opened', async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser() } });
    renderWithProviders(<EditorFromCache />, { path: '/settings' });
    const button = await screen.findByRole('button', { name: 'Change picture' });
    expect(cropper.loads).toBe(0);

    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Profile picture' })).toBeInTheDocument();
    expect(cropper.loads).toBe(1);
  });
});
