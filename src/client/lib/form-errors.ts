import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** `fields` maps the server's names to the form's; true when any message found its field. */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>>,
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let shown = false;
  for (const [serverField, message] of Object.entries(error.errors)) {
    const field = fields[serverField];
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

export function sameNames<const K extends string>(names: readonly K[]): Record<K, K> {
  return Object.fromEntries(names.map((name) => [name, name])) as Record<K, K>;
}
