import type { User } from '../../shared/schemas/auth.ts';
import type { Employer } from '../../shared/schemas/employers.ts';

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

/** An employer as GET /api/employers answers it; features pass their own defaults over it. */
export function makeEmployer(overrides: Partial<Employer> = {}): Employer {
  return {
    id: 1,
    userId: 1,
    name: 'Blue Bottle Cafe',
    hourlyRate: '24.50',
    employmentType: 'full-time',
    timesheetSchedule: 'weekly',
    contactEmail: null,
    phone: null,
    address: null,
    isActive: true,
    departments: [],
    taxRate: '0.00',
    brandColor: 'blue',
    totalHours: '0.0',
    totalEarnings: '0.00',
    timesheetsSubmitted: 0,
    lastTimesheetDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
