export { confirmEmail, useConfirmEmail } from './api/confirm-email';
export { adminStatusQueryKey, useAdminStatus } from './api/get-admin-status';
export {
  meQueryKey,
  meQueryOptions,
  patchSignedInUser,
  setSignedInUser,
  useMe,
} from './api/get-me';
export { useLogout } from './api/logout';
export { PasswordInput } from './components/password-input';
export { accountDeletedPath, loginPath, safeReturnPath, sessionEndedPath } from './return-path';

/** The sign-in, sign-up and forgot-password pages, for the router's lazy(). */
export const loadLoginPage = () => import('./components/login-page');
export const loadRegisterPage = () => import('./components/register-page');
export const loadForgotPasswordPage = () => import('./components/forgot-password-page');
