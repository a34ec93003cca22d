import type { Settings } from '../../../shared/schemas/settings.ts';

/** Before the settings load, the browser's zone: what sign-up stored. */
export function userTimeZone(settings: Pick<Settings, 'timeZone'> | null | undefined): string {
  return settings?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
