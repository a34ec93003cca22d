import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/features/auth';
import { makeSettings, makeUser } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { User } from '../../../shared/schemas/auth.ts';
import { AppLayout } from './app-layout';

function renderSignedIn(user: User) {
  mockApi({ 'GET /api/settings': makeSettings(), 'GET /api/auth/me': { user } });
  return renderWithProviders(
    <AppLayout user={user} applyServerTheme={false}>
      <h1>Page</h1>
    </AppLayout>,
  );
}

describe('the avatar in the top bar', () => {
  it('links to Settings, named with the user', async () => {
    renderSignedIn(makeUser());
    const link = await screen.findByRole('link', { name: 'Settings — Sam Rivera' });
    expect(link).toHaveAttribute('href', '/settings');
    expect(link).toHaveTextContent('S');
  });

  it('shows the picture, and a new one as soon as the cached user changes', async () => {
    const user = makeUser({ profileImageUrl: '/api/auth/profile-image?v=1' });
    const { queryClient } = renderSignedIn(user);
    const link = await screen.findByRole('link', { name: 'Settings — Sam Rivera' });
    expect(link.querySelector('img')).toHaveAttribute('src', '/api/auth/profile-image?v=1');

    act(() => {
      queryClient.setQueryData(meQueryKey, {
        ...user,
        profileImageUrl: '/api/auth/profile-image?v=2',
      });
    });
    await waitFor(() =>
      expect(link.querySelector('img')).toHaveAttribute('src', '/api/auth/profile-image?v=2'),
    );
  });
});
