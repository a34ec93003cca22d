import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { UserAvatar } from './user-avatar';

describe('the user avatar', () => {
  it('shows the profile picture as a decorative image', () => {
    const { container } = render(
      <UserAvatar user={makeUser({ profileImageUrl: '/api/auth/profile-image?v=1' })} />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/auth/profile-image?v=1');
    expect(img).toHaveAttribute('alt', '');
  });

  it('shows the first letter of the first name without a picture, else U', () => {
    const { container, rerender } = render(<UserAvatar user={makeUser({ firstName: 'ana' })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('A');
    rerender(<UserAvatar user={makeUser({ firstName: null })} />);
    expect(container).toHaveTextContent('U');
  });

  it('falls back to the initial when the picture fails to load, and tries a new picture', () => {
    const user = makeUser({ firstName: 'Sam', profileImageUrl: '/api/auth/profile-image?v=1' });
    const { container, rerender } = render(<UserAvatar user={user} size="lg" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('S');

    rerender(<UserAvatar user={{ ...user, profileImageUrl: '/api/auth/profile-image?v=2' }} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/auth/profile-image?v=2');
  });
});
