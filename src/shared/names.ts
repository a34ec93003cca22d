/** What a work log without a department is called: on screen, in timesheets and in Notion. */
export const DEFAULT_DEPARTMENT = 'General';

export interface Named {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

export function fullName(person: Named): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

export function displayName(person: Named): string {
  return fullName(person) || person.email?.trim() || 'User';
}
