import type { Settings } from '../../../shared/schemas/settings.ts';

/**
 * The zone "today" and date ranges are computed in: the user's setting, or (before the
 * settings have loaded) the browser's, which is what sign-up stored.
 */
export function userTimeZone(settings: Pick<Settings, 'timeZone'> | null | undefined): string {
  return settings?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
