/** The auth feature, as other features and the app shell may use it. */
export { useAdminStatus } from './api/get-admin-status';
export { meQueryKey, meQueryOptions, useMe } from './api/get-me';
export { userQueryOptions, useUser } from './api/get-user';
export { useLogout } from './api/logout';
export { loginPath, safeReturnPath, sessionEndedPath } from './return-path';
