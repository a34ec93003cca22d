export { settingsQueryKey, settingsQueryOptions, useSettings } from './api/get-settings';
export { useUpdateTheme } from './api/update-theme';
export { useCurrency } from './use-currency';
export { userTimeZone } from './user-time-zone';

export const loadSettingsPage = () => import('./components/settings-page');
