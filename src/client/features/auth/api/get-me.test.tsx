import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { hang, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { meQueryKey, patchSignedInUser, setSignedInUser, useMe } from './get-me';

/** Two screens that show the signed-in user, as the top bar and a report's sender do. */
function Readers() {
  const { data: user } = useMe();
  return (
    <>
      <p data-testid="name">{user ? `${user.firstName} ${user.lastName}` : 'signed out'}</p>
      <p data-testid="picture">{user?.profileImageUrl ?? 'none'}</p>
    </>
  );
}

describe('the signed-in user', () => {
  it('is one cache entry: a change written once shows in every reader, then is read again', async () => {
    const user = makeUser({ firstName: 'Sam', lastName: 'Rivera', profileImageUrl: null });
    const changed = { ...user, profileImageUrl: '/api/auth/profile-image?v=2' };
    const api = mockApi({ 'GET /api/auth/me': { user } });
    const { queryClient } = renderWithProviders(<Readers />);
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Sam Rivera'));
    // The refetch never answers: what shows comes from the change written into the cache.
    api.use({ 'GET /api/auth/me': hang });

    act(() => patchSignedInUser(queryClient, { profileImageUrl: changed.profileImageUrl }));
    await waitFor(() =>
      expect(screen.getByTestId('picture')).toHaveTextContent('/api/auth/profile-image?v=2'),
    );
    expect(screen.getByTestId('name')).toHaveTextContent('Sam Rivera');
    await waitFor(() => expect(api.calls('GET /api/auth/me')).toHaveLength(2));
    // No second copy of the user is kept or asked for.
    const userKeys = queryClient
      .getQueryCache()
      .findAll()
      .map((query) => query.queryKey);
    expect(userKeys).toEqual([meQueryKey]);
    expect(api.calls().filter((call) => call.url.startsWith('/api/auth/user'))).toEqual([]);

    act(() => setSignedInUser(queryClient, null));
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('signed out'));
  });
});
