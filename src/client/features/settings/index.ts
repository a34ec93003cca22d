/** The settings feature, as other features and the app shell may use it. */
export { settingsQueryKey, settingsQueryOptions, useSettings } from './api/get-settings';
export { useUpdateTheme } from './api/update-theme';
export { useCurrency } from './use-currency';
export { userTimeZone } from './user-time-zone';

/** The Settings page, for the router's lazy(): loaded only when the page is first opened. */
export const loadSettingsPage = () => import('./components/settings-page');
