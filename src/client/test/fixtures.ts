import type { User } from '../../shared/schemas/auth.ts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'sam@example.com',
    firstName: 'Sam',
    lastName: 'Rivera',
    profileImageUrl: null,
    emailVerified: true,
    accountId: 'ACC-1',
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
