/** The settings feature, as other features and the app shell may use it. */
export { settingsQueryKey, settingsQueryOptions, useSettings } from './api/get-settings';
export { useUpdateTheme } from './api/update-theme';
